import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Header fields for one operation (`watch`, `fetch`, `mutate`), fields computed per request
/// (`HeaderProvidingTransport`), and queries by GET from baton.json, against the reference server.
@Suite struct PerOperationHeaderTests {
    static func field(_ value: String) -> [HeaderField] { [HeaderField(name: "X-Baton-Test", value: value)] }

    @Test func watchFetchAndMutateSendTheHeadersGivenForThemOverTheEnvironments() async throws {
        let server = try await ReferenceServer.shared()
        let logged = LoggingTransport(inner: CurlTransport(endpoint: server.graphqlURL))
        let environment = Environment(
            transport: logged, store: MemoryStore(),
            options: Environment.Options(headers: Self.field("env") + [HeaderField(name: "X-Shared", value: "kept")]))

        let watched = try await environment.watch(RequestEchoQuery(), policy: .networkOnly, headers: Self.field("watch")).result()
        #expect(watched.data.header == "watch")
        let fetched = try await environment.fetch(RequestEchoQuery(), policy: .networkOnly, headers: Self.field("fetch"))
        #expect(fetched.data.header == "fetch")
        let plain = try await environment.fetch(RequestEchoQuery(), policy: .networkOnly)
        #expect(plain.data.header == "env")
        _ = try await environment.mutate(SetNoteMutation(id: "headers-\(UUID())", text: "hi"), headers: Self.field("mutate"))

        let sent = logged.requests.map { ($0.headers[field: "X-Baton-Test"], $0.headers[field: "X-Shared"]) }
        #expect(sent.map(\.0) == ["watch", "fetch", "env", "mutate"])
        #expect(sent.allSatisfy { $0.1 == "kept" })
        #expect(logged.requests.allSatisfy { $0.headers.filter { $0.name == "X-Baton-Test" }.count == 1 })
    }

    @Test func aHeaderProviderComputesTheFieldsOfEachRequest() async throws {
        let server = try await ReferenceServer.shared()
        let counter = Locked(0)
        let transport = HeaderProvidingTransport(CurlTransport(endpoint: server.graphqlURL)) { request in
            let count = counter.withLock { count -> Int in
                count += 1
                return count
            }
            return [HeaderField(name: "X-Baton-Test", value: "\(request.operationName ?? "")-\(count)")]
        }
        let environment = Environment(transport: transport, store: MemoryStore())
        #expect(try await environment.fetch(RequestEchoQuery(), policy: .networkOnly).header == "RequestEcho-1")
        #expect(try await environment.fetch(RequestEchoQuery(), policy: .networkOnly).header == "RequestEcho-2")
    }

    @Test(arguments: ["curl", "foundation"])
    func methodGETInBatonJSONSendsQueriesInTheURLAndALongOneByPOST(transport name: String) async throws {
        let server = try await ReferenceServer.shared()
        let text = #"""
            {"endpoint": "\#(server.graphqlURL.absoluteString)",
             "transport": {"name": "\#(name)", "options": {"method": "GET", "maxURLLength": 400}}}
            """#
        let assembly = try PluginRegistry.standard.assemble(RuntimeConfiguration(json: text, environment: [:]))
        // A GET carries no body, so no Content-Type; a POST's is JSON.
        let short = try await assembly.transport.response(for: GraphQLRequest(query: #"{ requestHeader(name: "Content-Type") }"#))
        #expect(short.data?["requestHeader"] == .null)
        let padding = String(repeating: "x", count: 400)
        let long = try await assembly.transport.response(
            for: GraphQLRequest(query: "{ requestHeader(name: \"Content-Type\") } # \(padding)"))
        #expect(long.data?["requestHeader"]?.stringValue?.hasPrefix("application/json") == true)
        let mutation = try await assembly.transport.response(
            for: GraphQLRequest(query: #"mutation { setGreeting(text: "by POST") }"#, operationType: .mutation))
        #expect(mutation.data?["setGreeting"] == "by POST")
    }

    @Test func aBadMethodInBatonJSONNamesTheKeyAndWhatIsAccepted() {
        let text = #"{"endpoint": "http://127.0.0.1:1/graphql", "transport": {"name": "curl", "options": {"method": "PUT"}}}"#
        let error = #expect(throws: ConfigurationError.self) {
            try PluginRegistry.standard.validate(RuntimeConfiguration(json: text, environment: [:]))
        }
        #expect(error?.key == "transport.options.method")
        #expect(error?.accepted.contains("\"GET\"") == true)
    }
}
