import BatonCore
import BatonTestSupport
@_spi(Transport) import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// The shipped transport conformance suite, run for ``FoundationTransport`` against the reference
/// server and against the in-process ``ConformanceServer``.
@Suite struct FoundationTransportConformanceTests {
    @Test(arguments: TransportConformance.Check.allCases)
    func conformance(_ check: TransportConformance.Check) async throws {
        let server = try await ReferenceServer.shared()
        let client = FoundationHTTPClient()
        let suite = TransportConformance(serverURL: server.baseURL) { endpoint in
            FoundationTransport(endpoint: endpoint, client: client)
        }
        do {
            try await suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test(arguments: TransportConformance.Check.allCases)
    func conformanceOnTheInProcessServer(_ check: TransportConformance.Check) async throws {
        let client = FoundationHTTPClient()
        let suite = try TransportConformance { endpoint in FoundationTransport(endpoint: endpoint, client: client) }
        do {
            try await suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func runAllCollectsNoFailures() async throws {
        let server = try await ReferenceServer.shared()
        let suite = TransportConformance(serverURL: server.baseURL) { endpoint in
            FoundationTransport(endpoint: endpoint)
        }
        let failures = await suite.runAll(skipping: [.cancellation, .deferredPayloads, .subscriptionCountdown])
        #expect(failures.isEmpty, "\(failures)")
    }
}
