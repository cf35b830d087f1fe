import BatonCore
import BatonTestSupport
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

extension WireTests {
    /// The shipped transport conformance suite, run for ``CurlTransport`` (every check, against the
    /// reference server and against the in-process ``ConformanceServer``) and for
    /// ``WebSocketTransport`` (the checks that are not about HTTP responses; the reference server
    /// only, as the in-process server does not speak WebSocket).
    @Suite struct CurlTransportConformanceTests {
        @Test(arguments: TransportConformance.Check.allCases)
        func curlTransport(_ check: TransportConformance.Check) async throws {
            let server = try await ReferenceServer.shared()
            let suite = TransportConformance(serverURL: server.baseURL) { endpoint in
                CurlTransport(endpoint: endpoint)
            }
            do {
                try await suite.run(check)
            } catch {
                Issue.record("\(error)")
            }
        }

        @Test(arguments: TransportConformance.Check.allCases)
        func curlTransportOnTheInProcessServer(_ check: TransportConformance.Check) async throws {
            let suite = try TransportConformance { endpoint in CurlTransport(endpoint: endpoint) }
            do {
                try await suite.run(check)
            } catch {
                Issue.record("\(error)")
            }
        }

        @Test(arguments: [
            TransportConformance.Check.success, .partialData, .nonNullPropagation, .requestError, .cancellation,
            .concurrentRequests, .variablesRoundTrip, .onErrorSent, .subscriptionCountdown, .subscriptionFieldError,
            .subscriptionSourceFailure,
        ])
        func webSocketTransport(_ check: TransportConformance.Check) async throws {
            let server = try await ReferenceServer.shared()
            let suite = TransportConformance(serverURL: server.baseURL) { endpoint in
                WebSocketTransport(endpoint: endpoint)
            }
            do {
                try await suite.run(check)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
