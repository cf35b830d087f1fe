import Baton
import BatonCore
import BatonTestSupport
import Foundation
import ReferenceServer
import Testing

/// `AutomaticPersistedQueriesTransport` against the reference server's `/apq` route, which keeps
/// the texts registered by hash and checks each hash.
@Suite struct AutomaticPersistedQueriesTests {
    static func query(_ key: String) -> GraphQLRequest {
        GraphQLRequest(query: "{ hello(name: \"\(key)\") }")
    }

    @Test(arguments: ["curl", "foundation"])
    func theFirstRequestCarriesNoTextAndAMissIsSentOnceMoreWithIt(transport name: String) async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let url = server.url("/apq?key=\(key)")
        let http: any Transport
        if name == "curl" { http = CurlTransport(endpoint: url) } else { http = FoundationTransport(endpoint: url) }
        let transport = AutomaticPersistedQueriesTransport(http)
        for _ in 0..<2 {
            let response = try await transport.response(for: Self.query(key))
            #expect(response.data?["hello"]?.stringValue == "Hello, \(key)!")
        }
        let counts = try await WireCounts(server, key: key)
        // A miss, the text once, then the hash alone is enough.
        #expect(counts.queries == ["", Self.query(key).query, ""])
        #expect(counts.methods == ["POST", "POST", "POST"])
    }

    @Test func withGETHashedQueriesGoByGETTheTextByPOSTAndMutationsNeverByGET() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let transport = AutomaticPersistedQueriesTransport(
            CurlTransport(endpoint: server.url("/apq?key=\(key)"), options: HTTPTransportOptions(usesGETForQueries: true)))
        _ = try await transport.response(for: Self.query(key))
        _ = try await transport.response(for: Self.query(key))
        let mutation = GraphQLRequest(query: #"mutation { setGreeting(text: "persisted") }"#, operationType: .mutation)
        #expect(try await transport.response(for: mutation).data?["setGreeting"] == "persisted")
        let counts = try await WireCounts(server, key: key)
        #expect(counts.methods == ["GET", "POST", "GET", "POST", "POST"])
        #expect(counts.queries == ["", Self.query(key).query, "", "", mutation.query])
    }

    @Test func aServerWithoutAPQTurnsItOffForTheTransportsLife() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let transport = AutomaticPersistedQueriesTransport(CurlTransport(endpoint: server.url("/apq?key=\(key)&supported=0")))
        for _ in 0..<2 {
            #expect(try await transport.response(for: Self.query(key)).data?["hello"]?.stringValue == "Hello, \(key)!")
        }
        #expect(!transport.isEnabled)
        #expect(try await WireCounts(server, key: key).queries == ["", Self.query(key).query, Self.query(key).query])
    }

    @Test func batonJSONTurnsItOnForAnyTransport() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let text = #"""
            {"endpoint": "\#(server.url("/apq?key=\(key)").absoluteString)",
             "transport": {"name": "foundation", "options": {"method": "GET"}},
             "persistedOperations": {"mode": "automatic"}}
            """#
        let assembly = try PluginRegistry.standard.assemble(RuntimeConfiguration(json: text, environment: [:]))
        #expect(try await assembly.transport.response(for: Self.query(key)).data?["hello"]?.stringValue == "Hello, \(key)!")
        #expect(try await WireCounts(server, key: key).methods == ["GET", "POST"])
        let bad = #"{"persistedOperations": {"mode": "sometimes"}}"#
        let error = #expect(throws: ConfigurationError.self) { try RuntimeConfiguration(json: bad, environment: [:]) }
        #expect(error?.key == "persistedOperations.mode")
    }
}
