import BatonCore

/// The JSON `baton fetch` prints: `{"data", "errors", "failure"}` for one result, JSON lines for a stream.
enum FetchOutput {
    /// The line for a response that came back with data.
    static func success(_ response: GraphQLResponse) -> String {
        var object = JSONObject()
        object["data"] = response.data ?? .null
        object["errors"] = .list(response.errors.map(\.json))
        if let extensions = response.extensions { object["extensions"] = extensions }
        object["failure"] = .null
        return JSONValue.object(object).serialized()
    }

    /// The line for a fetch that failed.
    static func failure(_ failure: Failure) -> String {
        var object = JSONObject()
        object["data"] = .null
        object["errors"] = .list(failure.requestErrors.map(\.json))
        object["failure"] = .object(describe(failure))
        return JSONValue.object(object).serialized()
    }

    /// Prints each payload of a stream as it arrives, then the line that says how it ended.
    /// - Returns: 0 when the stream completed, 2 when it failed.
    static func printStream(_ payloads: AsyncThrowingStream<GraphQLResponse, any Error>) async -> Int32 {
        do {
            for try await payload in payloads {
                var object = payload.payload
                if object.isEmpty {
                    object["data"] = payload.data ?? .null
                    object["errors"] = .list(payload.errors.map(\.json))
                }
                writeLine(JSONValue.object(object).serialized())
            }
            writeLine(#"{"end":"completed"}"#)
            return 0
        } catch {
            let end: JSONValue = ["end": .object(describe(Failure(classifying: error)))]
            writeLine(end.serialized())
            return 2
        }
    }

    /// `{"kind", "message"}`, plus `statusCode` and `body` when the transport's error is a ``TransportError``.
    static func describe(_ failure: Failure) -> JSONObject {
        var object = JSONObject()
        object["kind"] = .string(failure.kind.rawValue)
        switch failure {
        case .transport(let error):
            if let transportError = error as? TransportError {
                object["message"] = .string(transportError.description)
                object["statusCode"] = .int(Int64(transportError.statusCode))
                object["body"] = .string(transportError.body)
            } else {
                object["message"] = .string(String(describing: error))
                object["type"] = .string(String(reflecting: type(of: error)))
            }
        case .request(let errors):
            object["message"] = .string(errors.map(\.message).joined(separator: "; "))
        case .malformed(let error):
            object["message"] = .string(error.description)
            object["code"] = .string(error.code.rawValue)
        case .environment(let error):
            object["message"] = .string(error.message)
            object["code"] = .string(error.code.rawValue)
        }
        return object
    }
}
