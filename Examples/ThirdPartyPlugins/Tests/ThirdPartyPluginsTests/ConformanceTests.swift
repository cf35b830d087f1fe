import BatonCore
@_spi(Transport) import BatonTestSupport
import Testing
@_spi(Transport) import ThirdPartyPlugins

/// Baton's transport suite against this package's transport, on the loopback server the suite
/// brings with it: every check, nothing but Swift.
@Suite struct SessionTransportConformanceTests {
    @Test(arguments: TransportConformance.Check.allCases)
    func conformance(_ check: TransportConformance.Check) async throws {
        let suite = try TransportConformance { endpoint in SessionTransport(endpoint: endpoint) }
        do {
            try await suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }
}

/// Baton's transport suite against this package's in-memory transport, answered in this process
/// with no socket at all: every check.
@Suite struct InMemoryTransportConformanceTests {
    @Test(arguments: TransportConformance.Check.allCases)
    func conformance(_ check: TransportConformance.Check) async {
        let suite = TransportConformance(serverURL: ConformanceExchange.baseURL) { endpoint in
            InMemoryTransport(endpoint: endpoint, handler: ConformanceExchange.shared)
        }
        do {
            try await suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }
}

/// Baton's store suite against this package's store. It keeps nothing across a launch, so it
/// gives no `reopen` and runs the checks that do not need one; it hands out snapshots and lists
/// its records, so `snapshots` and `collection` check those.
@Suite struct DictionaryStoreConformanceTests {
    static let suite = StoreConformance { DictionaryStore() }

    @Test(arguments: suite.checks)
    func conformance(_ check: StoreConformance.Check) async {
        do {
            try await Self.suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }
}
