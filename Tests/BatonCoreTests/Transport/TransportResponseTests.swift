import BatonCore
import Testing

/// `Transport.response(for:)`: how a single result is classified, whatever the transport.
@Suite struct TransportResponseTests {
    struct StubTransport: Transport {
        var outcome: Result<[GraphQLResponse], any Error>

        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            AsyncThrowingStream { continuation in
                switch outcome {
                case .success(let responses):
                    for response in responses { continuation.yield(response) }
                    continuation.finish()
                case .failure(let error):
                    continuation.finish(throwing: error)
                }
            }
        }
    }

    enum CustomError: Error, Equatable {
        case offline(retryAfter: Int)
    }

    let request = GraphQLRequest(query: "{ hello }")

    @Test func aCustomTransportsErrorArrivesAsTheSameValue() async throws {
        let transport = StubTransport(outcome: .failure(CustomError.offline(retryAfter: 3)))
        do {
            _ = try await transport.response(for: request)
            Issue.record("expected a failure")
        } catch {
            guard case .transport(let underlying) = error else {
                Issue.record("expected a transport failure, got \(error)")
                return
            }
            #expect(underlying as? CustomError == .offline(retryAfter: 3))
        }
    }

    @Test func dataWithErrorsIsASuccess() async throws {
        let response = GraphQLResponse(data: ["a": nil], errors: [GraphQLError(message: "x", path: [.key("a")])])
        let result = try await StubTransport(outcome: .success([response])).response(for: request)
        #expect(result == response)
    }

    @Test func errorsWithoutDataAreARequestError() async {
        let errors = [GraphQLError(message: "Syntax Error", locations: [.init(line: 1, column: 3)])]
        for data in [nil, JSONValue.null] {
            let transport = StubTransport(outcome: .success([GraphQLResponse(data: data, errors: errors)]))
            let failure = await #expect(throws: Failure.self) { try await transport.response(for: request) }
            #expect(failure?.requestErrors == errors)
        }
    }

    @Test func noResponseAtAllIsMalformed() async {
        for responses in [[], [GraphQLResponse()]] {
            let failure = await #expect(throws: Failure.self) {
                try await StubTransport(outcome: .success(responses)).response(for: request)
            }
            #expect(failure?.kind == .malformed)
        }
    }
}
