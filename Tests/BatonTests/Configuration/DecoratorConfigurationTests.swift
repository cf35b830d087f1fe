import Baton
import BatonCore
import BatonTestSupport
import Foundation
import ReferenceServer
import Testing

/// `"retry"` and `"auth"` in baton.json wrap whatever transport the file names, an app's own
/// included, and a bad value is refused with its key.
@Suite struct DecoratorConfigurationTests {
    /// An app's own transport, registered by name: it knows nothing of retry or auth.
    static func registry(recording events: RecordingEventSink) -> PluginRegistry {
        var registry = PluginRegistry.standard
        registry.registerTransport("acme", options: NoOptions.self) { _, context in
            LoggingTransport(inner: CurlTransport(endpoint: try context.requireEndpoint()))
        }
        registry.registerEventSink("recorder", options: NoOptions.self) { _, _ in events }
        return registry
    }

    static func file(_ endpoint: URL, _ members: String) -> String {
        #"{"endpoint": "\#(endpoint.absoluteString)", "transport": "acme", "events": ["recorder"], \#(members)}"#
    }

    @Test func anAppsOwnTransportIsRetriedByConfiguration() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let events = RecordingEventSink()
        let text = Self.file(
            server.url("/flaky?key=\(key)&fail=2"), #""retry": {"attempts": 3, "initialDelay": 0.005, "maximumDelay": 0.02}"#)
        let assembly = try Self.registry(recording: events).assemble(RuntimeConfiguration(json: text, environment: [:]))
        let response = try await assembly.transport.response(for: GraphQLRequest(query: "query Hello { hello }", operationName: "Hello"))
        #expect(response.data?["hello"] == "Hello, world!")
        #expect(try await WireCounts(server, key: key).requests == 3)
        let retries = events.events.filter { $0.kind.name == "fetch.retried" }
        #expect(retries.map(\.operationName) == ["Hello", "Hello"])
        #expect(retries.compactMap(\.kind.retry?.attempt) == [2, 3])
    }

    @Test func anAppsOwnTransportGetsATokenFromACommandAndRefreshesIt() async throws {
        let server = try await ReferenceServer.shared()
        let realm = UUID().uuidString
        // The first token is stale; the refresh (with the refused token in BATON_REJECTED_TOKEN) is current.
        let command = #"if [ "$BATON_REJECTED_TOKEN" = stale ]; then echo '\#(realm)-1'; else echo stale; fi"#
        let members = #""auth": {"command": \#(JSONValue.string(command).serialized())}, "retry": true"#
        let text = Self.file(server.url("/auth/graphql?realm=\(realm)"), members)
        let assembly = try Self.registry(recording: RecordingEventSink()).assemble(RuntimeConfiguration(json: text, environment: [:]))
        let response = try await assembly.transport.response(for: GraphQLRequest(query: "{ hello }"))
        #expect(response.data?["hello"] == "Hello, world!")
        let counts = try await WireCounts(server, key: realm)
        #expect(counts.requests == 2)
        #expect(counts.refused == 1)
    }

    @Test func aTokenFromAnEnvironmentVariableIsSent() async throws {
        let server = try await ReferenceServer.shared()
        let realm = UUID().uuidString
        let variable = "BATON_TEST_TOKEN_\(realm.replacingOccurrences(of: "-", with: "_"))"
        setenv(variable, "\(realm)-1", 1)
        defer { unsetenv(variable) }
        let text = Self.file(server.url("/auth/graphql?realm=\(realm)"), #""auth": {"environment": "\#(variable)"}"#)
        let assembly = try Self.registry(recording: RecordingEventSink()).assemble(RuntimeConfiguration(json: text, environment: [:]))
        let response = try await assembly.transport.response(for: GraphQLRequest(query: "{ hello }"))
        #expect(response.data?["hello"] == "Hello, world!")
        #expect(try await WireCounts(server, key: realm).refused == 0)
    }

    @Test(arguments: [
        (#""retry": {"attempts": 0}"#, "retry.attempts"),
        (#""retry": {"attemps": 3}"#, "retry.attemps"),
        (#""retry": {"initialDelay": -1}"#, "retry.initialDelay"),
        (#""auth": {}"#, "auth"),
        (#""auth": {"command": "x", "environment": "Y"}"#, "auth"),
        (#""auth": {"environment": 3}"#, "auth.environment"),
    ])
    func aBadDecoratorValueNamesItsKey(members: String, key: String) {
        let text = #"{"endpoint": "http://127.0.0.1:1/graphql", \#(members)}"#
        let error = #expect(throws: ConfigurationError.self) { try RuntimeConfiguration(json: text, environment: [:]) }
        #expect(error?.key == key)
    }
}
