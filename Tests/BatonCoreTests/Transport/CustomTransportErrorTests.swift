@_spi(Transport) import BatonCore
import Foundation
import Testing

/// A transport's own error reaches the caller as the same value of the same type.
@Suite struct CustomTransportErrorTests {
    struct VendorError: Error, Equatable {
        var code: Int
        var reason: String
    }

    final class ReferenceError: Error, Sendable {}

    struct ThrowingTransport: Transport {
        let error: any Error & Sendable
        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            AsyncThrowingStream { $0.finish(throwing: error) }
        }
    }

    @Test func theSameValueComesOutOfResponseFor() async {
        let thrown = VendorError(code: 7, reason: "quota")
        do {
            _ = try await ThrowingTransport(error: thrown).response(for: GraphQLRequest(query: "{ a }"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .transport)
            #expect(error.transportError as? VendorError == thrown)
        }
    }

    @Test func theSameInstanceComesOutOfResponseFor() async {
        let thrown = ReferenceError()
        do {
            _ = try await ThrowingTransport(error: thrown).response(for: GraphQLRequest(query: "{ a }"))
            Issue.record("expected a failure")
        } catch {
            #expect((error.transportError as? ReferenceError) === thrown)
        }
    }

    @Test func anHTTPClientsOwnErrorComesOutOfGraphQLOverHTTPUnchanged() async {
        struct ClientThrows: GraphQLHTTPClient {
            func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
                AsyncThrowingStream { $0.finish(throwing: VendorError(code: 1, reason: "offline")) }
            }
        }
        let transport = GraphQLOverHTTP(endpoint: URL(string: "http://127.0.0.1:1/graphql")!, client: ClientThrows())
        do {
            _ = try await transport.response(for: GraphQLRequest(query: "{ a }"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.transportError as? VendorError == VendorError(code: 1, reason: "offline"))
        }
    }
}

@Suite struct ResponseForCancellationTests {
    /// A transport that never answers, finishing only when its consumer goes away.
    struct SilentTransport: Transport {
        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            AsyncThrowingStream { _ in }
        }
    }

    @Test func aCancelledFetchIsATransportFailureCarryingCancellationError() async {
        let task = Task { try await SilentTransport().response(for: GraphQLRequest(query: "{ a }")) }
        try? await Task.sleep(for: .milliseconds(20))
        task.cancel()
        switch await task.result {
        case .success: Issue.record("a cancelled fetch returned a response")
        case .failure(let error):
            #expect((error as? Failure)?.transportError is CancellationError, "\(error)")
        }
    }
}
