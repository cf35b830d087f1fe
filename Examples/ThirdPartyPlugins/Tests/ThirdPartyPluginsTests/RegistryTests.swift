import BatonCore
import BatonTestSupport
import Foundation
import Testing
import ThirdPartyPlugins

/// This package's transport and store, registered under names of its choosing, are the ones a
/// `baton.json` naming them assembles, with their options decoded strictly.
@Suite struct RegistryTests {
    struct SessionOptions: PluginOptions {
        var headers: [HeaderField]

        init(configuration options: ConfigurationValue) throws(ConfigurationError) {
            let object = try options.object(keys: ["headers"])
            headers = try object["headers"].stringMap().map { HeaderField(name: $0.key, value: $0.value) }
        }
    }

    static var registry: PluginRegistry {
        var registry = PluginRegistry()
        registry.registerTransport("session", options: SessionOptions.self) { options, context in
            SessionTransport(endpoint: try context.requireEndpoint(), headers: options.headers)
        }
        registry.registerStore("dictionary", options: NoOptions.self) { _, _ in DictionaryStore() }
        return registry
    }

    @Test func theFileNamesThisPackagesPlugins() async throws {
        let server = try ConformanceServer.shared()
        let text = """
            {
              "endpoint": "\(server.baseURL.absoluteString)/graphql",
              "transport": {"name": "session", "options": {"headers": {"X-Client": "${CLIENT}"}}},
              "store": "dictionary"
            }
            """
        let parts = try Self.registry.assemble(RuntimeConfiguration(json: text, environment: ["CLIENT": "third-party"]))
        #expect(parts.transport is SessionTransport)
        #expect(parts.store is DictionaryStore)
        let response = try await parts.transport.response(for: GraphQLRequest(query: "{ hello }"))
        #expect(response.data?["hello"] == "Hello, world!")
    }

    @Test func theFileRetriesAndAuthenticatesThisPackagesTransport() async throws {
        let server = try ConformanceServer.shared()
        let directory = FileManager.default.temporaryDirectory.appending(path: "third-party-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = RecordingEventSink()
        var registry = Self.registry
        registry.registerEventSink("kept", options: NoOptions.self) { _, _ in events }
        // The server answers 503, then 401, to everything: retry tries 3 times in all (with one
        // token), and auth asks the command for a first token and one refresh, then replays once.
        for (route, expected) in [("/status/503", 503), ("/status/401", 401)] {
            let text = """
                {
                  "endpoint": "\(server.baseURL.absoluteString)\(route)",
                  "transport": "session",
                  "store": "dictionary",
                  "events": ["kept"],
                  "retry": {"initialDelay": 0.005, "maximumDelay": 0.02},
                  "auth": {"command": "echo asked >> tokens.log; echo token"}
                }
                """
            let parts = try registry.assemble(RuntimeConfiguration(json: text, file: directory.appending(path: "baton.json").path(), environment: [:]))
            do {
                _ = try await parts.transport.response(for: GraphQLRequest(query: "{ hello }"))
                Issue.record("\(route) answered")
            } catch {
                #expect((error.transportError as? TransportError)?.statusCode == expected)
            }
        }
        let retries = events.events.filter { $0.kind.name == "fetch.retried" }
        #expect(retries.count == 2)
        let asked = try String(contentsOf: directory.appending(path: "tokens.log"), encoding: .utf8)
        #expect(asked.split(separator: "\n").count == 3)
    }

    /// The package's own `baton.json`: this package's transport, retried and authenticated by
    /// Baton's decorators because the file names them.
    @Test func thePackagesBatonJSONRetriesAndAuthenticatesItsTransport() async throws {
        let server = try ConformanceServer.shared()
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "baton.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        setenv("THIRD_PARTY_TOKEN", "token", 1)
        for (route, expected) in [("/graphql", nil), ("/status/503", 503), ("/status/401", 401)] as [(String, Int?)] {
            let environment = ["THIRD_PARTY_ENDPOINT": "\(server.baseURL.absoluteString)\(route)"]
            let parts = try Self.registry.assemble(RuntimeConfiguration(json: text, file: file.path(), environment: environment))
            let retrying = try #require(parts.transport as? RetryingTransport)
            #expect(retrying.policy.attempts == 3)
            let authenticating = try #require(retrying.inner as? AuthenticatingTransport)
            #expect(authenticating.inner is SessionTransport)
            do {
                let response = try await parts.transport.response(for: GraphQLRequest(query: "{ hello }"))
                #expect(expected == nil && response.data?["hello"] == "Hello, world!")
            } catch {
                #expect((error.transportError as? TransportError)?.statusCode == expected)
            }
        }
    }

    @Test func aMisspelledNameSaysWhatWasMeant() throws {
        do {
            _ = try Self.registry.assemble(RuntimeConfiguration(json: #"{"store": "dictonary"}"#, environment: [:]))
            Issue.record("a misspelled store name passed")
        } catch let error as ConfigurationError {
            #expect(error.description == #"baton.json: error: "store" is "dictonary"; accepted: the name of a registered store: "dictionary" Did you mean "dictionary"?"#)
        }
    }
}
