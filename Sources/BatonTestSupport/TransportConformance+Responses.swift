import BatonCore

/// The single-result checks: what comes back, and how each kind of failure is reported.
extension TransportConformance {
    func checkSuccess() async throws(ConformanceFailure<Check>) {
        let response = try await fetch(.success, GraphQLRequest(query: "{ hello }"))
        try expect(
            response.data == ["hello": "Hello, world!"], .success,
            "expected data {\"hello\":\"Hello, world!\"}, got \(Self.render(response))")
        try expect(response.errors.isEmpty, .success, "expected no errors, got \(response.errors)")
    }

    func checkPartialData() async throws(ConformanceFailure<Check>) {
        let response = try await fetch(.partialData, GraphQLRequest(query: "{ partial { ok failing } }"))
        try expect(
            response.data?["partial"]?["ok"]?.stringValue != nil, .partialData,
            "expected data.partial.ok to be a string, got \(Self.render(response))")
        try expect(
            response.data?["partial"]?["failing"] == .null, .partialData,
            "expected data.partial.failing to be null, got \(Self.render(response))")
        try expect(response.errors.count == 1, .partialData, "expected one error, got \(response.errors)")
        let error = response.errors[0]
        try expect(
            error.code == "PARTIAL_FAILURE", .partialData,
            "expected extensions.code PARTIAL_FAILURE, got extensions \(Self.render(error.extensions))")
        try expect(
            error.path == [.key("partial"), .key("failing")], .partialData,
            "expected the error's path [partial, failing], got \(String(describing: error.path))")
    }

    func checkNonNullPropagation() async throws(ConformanceFailure<Check>) {
        let response = try await fetch(.nonNullPropagation, GraphQLRequest(query: "{ holder { name inner { mustHave other } } }"))
        try expect(
            response.data?["holder"]?["inner"] == .null, .nonNullPropagation,
            "expected data.holder.inner to be null, got \(Self.render(response))")
        try expect(
            response.data?["holder"]?["name"]?.stringValue != nil, .nonNullPropagation,
            "expected data.holder.name to survive, got \(Self.render(response))")
        try expect(
            response.errors.map(\.path) == [[.key("holder"), .key("inner"), .key("mustHave")]], .nonNullPropagation,
            "expected one error at [holder, inner, mustHave], got \(response.errors)")
    }

    func checkRequestError() async throws(ConformanceFailure<Check>) {
        let failure = try await failure(.requestError, GraphQLRequest(query: "{ hello("))
        guard case .request(let errors) = failure else {
            throw ConformanceFailure(
                .requestError, "the transport threw (a \(failure.kind) failure) for a syntax error; expected a request error", underlying: failure)
        }
        try expect(!errors.isEmpty, .requestError, "expected the server's errors, got none")
        try expect(
            errors.allSatisfy { !$0.locations.isEmpty }, .requestError,
            "expected every error to keep the server's locations, got \(errors.map(\.locations))")
    }

    func checkHTTPStatus500() async throws(ConformanceFailure<Check>) {
        let failure = try await failure(.httpStatus500, GraphQLRequest(query: "{ hello }"), at: "/status/500")
        guard case .transport(let error) = failure else {
            throw ConformanceFailure(
                .httpStatus500, "the transport threw (a \(failure.kind) failure) for HTTP 500; expected a transport failure", underlying: failure)
        }
        try expect(
            statusCode(error) == 500, .httpStatus500,
            "expected the transport's error to carry status 500, read \(String(describing: statusCode(error))) from \(type(of: error)): \(error)")
        if let transportError = error as? TransportError {
            try expect(
                transportError.body.contains("The server answered 500 on purpose"), .httpStatus500,
                "expected the TransportError to keep the server's body, got \(transportError.body)")
        }
    }

    func checkMalformed(_ check: Check, path: String) async throws(ConformanceFailure<Check>) {
        let failure = try await failure(check, GraphQLRequest(query: "{ hello }"), at: path)
        guard case .malformed = failure else {
            throw ConformanceFailure(
                check, "the transport threw (a \(failure.kind) failure) for \(path); expected a malformed failure", underlying: failure)
        }
    }

    func checkConcurrentRequests() async throws(ConformanceFailure<Check>) {
        let transport = try await transport(.concurrentRequests)
        let count = 24
        let answers = await withTaskGroup(of: (Int, Result<GraphQLResponse, Failure>).self) { group in
            for index in 0..<count {
                group.addTask {
                    let request = GraphQLRequest(
                        query: "query Greet($name: String) { hello(name: $name) }",
                        operationName: "Greet",
                        variables: ["name": .string("caller \(index)")]
                    )
                    do throws(Failure) {
                        return (index, .success(try await transport.response(for: request)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var answers: [(Int, Result<GraphQLResponse, Failure>)] = []
            for await answer in group { answers.append(answer) }
            return answers
        }
        for (index, result) in answers {
            switch result {
            case .failure(let failure):
                throw ConformanceFailure(
                    .concurrentRequests, "the transport threw for request \(index) of \(count); expected its own answer", underlying: failure)
            case .success(let response):
                try expect(
                    response.data?["hello"] == JSONValue.string("Hello, caller \(index)!"), .concurrentRequests,
                    "request \(index) got another request's answer: \(Self.render(response))")
            }
        }
    }

    func checkVariablesRoundTrip() async throws(ConformanceFailure<Check>) {
        let values: [String] = [
            "plain",
            "quotes \" and \\ backslash, a\ttab and a\nnewline",
            "URL-special + & = ? # % /",
            "non-ASCII: é ß 中文 🎉 and \u{0}",
            "",
        ]
        for value in values {
            let request = GraphQLRequest(
                query: "query Echo($value: String) { echo(value: $value) }",
                operationName: "Echo",
                variables: ["value": .string(value)]
            )
            let response = try await fetch(.variablesRoundTrip, request)
            try expect(
                response.data?["echo"] == .string(value), .variablesRoundTrip,
                "sent \(JSONValue.string(value).serialized()), got back \(Self.render(response))")
        }
        let null = try await fetch(
            .variablesRoundTrip, GraphQLRequest(query: "query Echo($value: String) { echo(value: $value) }", variables: ["value": .null]))
        try expect(null.data?["echo"] == .null, .variablesRoundTrip, "sent null, got back \(Self.render(null))")
    }

    func checkOnErrorSent() async throws(ConformanceFailure<Check>) {
        for behavior in [GraphQLRequest.ErrorBehavior.null, .propagate, .halt] {
            let response = try await fetch(.onErrorSent, GraphQLRequest(query: "{ requestOnError }", onError: behavior))
            try expect(
                response.data?["requestOnError"] == .string(behavior.rawValue), .onErrorSent,
                "sent onError \(behavior.rawValue), the server saw \(Self.render(response))")
        }
        let unset = try await fetch(.onErrorSent, GraphQLRequest(query: "{ requestOnError }"))
        try expect(
            unset.data?["requestOnError"] == .null, .onErrorSent,
            "sent no onError, the server saw \(Self.render(unset))")
    }
}
