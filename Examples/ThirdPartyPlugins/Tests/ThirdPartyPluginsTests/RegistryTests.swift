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

    @Test func aMisspelledNameSaysWhatWasMeant() throws {
        do {
            _ = try Self.registry.assemble(RuntimeConfiguration(json: #"{"store": "dictonary"}"#, environment: [:]))
            Issue.record("a misspelled store name passed")
        } catch let error as ConfigurationError {
            #expect(error.description == #"baton.json: error: "store" is "dictonary"; accepted: the name of a registered store: "dictionary" Did you mean "dictionary"?"#)
        }
    }
}
