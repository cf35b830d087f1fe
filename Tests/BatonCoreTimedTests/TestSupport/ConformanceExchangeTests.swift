@_spi(Transport) import BatonCore
@_spi(Transport) import BatonTestSupport
import Foundation
import Testing

/// ``ConformanceExchange`` answers every check in memory, so a transport that never opens a
/// socket passes the whole suite: Baton's own codec over the exchange does.
@Suite struct ConformanceExchangeTests {
    @Test(arguments: TransportConformance.Check.allCases)
    func graphQLOverHTTPPassesEveryCheckInMemory(_ check: TransportConformance.Check) async {
        let suite = TransportConformance(serverURL: ConformanceExchange.baseURL) { endpoint in
            GraphQLOverHTTP(endpoint: endpoint, client: ConformanceExchange.shared)
        }
        do {
            try await suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aStatusAndItsBodyArriveAsTheLoopbackServerSendsThem() async throws {
        let request = GraphQLHTTPRequest(
            method: .get, url: ConformanceExchange.baseURL.appending(path: "status/500"), headers: [], body: nil, timeout: nil)
        var events: [GraphQLHTTPClientEvent] = []
        for try await event in ConformanceExchange.shared.perform(request) { events.append(event) }
        guard case .head(let head)? = events.first, case .body(let body)? = events.last else {
            Issue.record("expected a head and a body, got \(events)")
            return
        }
        #expect(head.statusCode == 500)
        #expect(head.headers.contains { $0.name == "Content-Type" && $0.value.hasPrefix("application/json") })
        #expect(String(decoding: body, as: UTF8.self).contains(#""status":500"#))
    }
}
