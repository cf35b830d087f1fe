import Baton
import Foundation
import ReferenceServer
import Testing

/// An app's own transport, store and sink registered under names of its choosing resolve as the
/// built-ins do, and what the app's plug-ins throw reaches the app unchanged.
@Suite struct PluginRegistryTests {
    enum AcmeError: Error, Equatable {
        case quotaExceeded(region: String)
    }

    struct AcmeOptions: PluginOptions {
        var region: String

        init(configuration options: ConfigurationValue) throws(ConfigurationError) {
            let object = try options.object(keys: ["region"])
            guard let region = try object["region"].string() else {
                throw object["region"].error(accepted: "a region, such as \"eu-1\"")
            }
            self.region = region
        }
    }

    /// A transport that always fails with its own error.
    struct AcmeTransport: Transport {
        var region: String
        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            AsyncThrowingStream { $0.finish(throwing: AcmeError.quotaExceeded(region: region)) }
        }
    }

    final class AcmeStore: Store, @unchecked Sendable {
        let inner = MemoryStore()
        func read(_ read: StoreRead) throws -> [RecordID: StoreRecord] { inner.read(read) }
        func write(_ write: StoreWrite) throws -> StoreWriteResult { inner.write(write) }
        func operation(_ operation: OperationKey) throws -> OperationRecord? { inner.operation(operation) }
    }

    final class AcmeSink: EventSink, @unchecked Sendable {
        func receive(_ event: Event) {}
    }

    static var registry: PluginRegistry {
        var registry = PluginRegistry.standard
        registry.registerTransport("acme", options: AcmeOptions.self) { options, _ in AcmeTransport(region: options.region) }
        registry.registerStore("acme-store", options: NoOptions.self) { _, _ in AcmeStore() }
        registry.registerEventSink("acme-events", options: NoOptions.self) { _, _ in AcmeSink() }
        return registry
    }

    static func configuration(_ text: String, environment: [String: String] = [:], file: String = "baton.json") throws -> RuntimeConfiguration {
        try RuntimeConfiguration(json: text, file: file, environment: environment)
    }

    @Test func theAppsPluginsNamedInTheFileAreTheOnesUsedAndTheTransportsErrorArrivesUnchanged() async throws {
        let assembly = try Self.registry.assemble(
            Self.configuration(
                """
                {"transport": {"name": "acme", "options": {"region": "eu-1"}}, "store": "acme-store", "events": ["acme-events"]}
                """))
        #expect((assembly.transport as? AcmeTransport)?.region == "eu-1")
        #expect(assembly.store is AcmeStore)
        #expect(assembly.events is AcmeSink)
        do {
            _ = try await assembly.transport.response(for: GraphQLRequest(query: "{ hello }"))
            Issue.record("the transport should have failed")
        } catch {
            guard case .transport(let underlying) = error, let acme = underlying as? AcmeError else {
                Issue.record("expected the app's own error inside Failure.transport, got \(error)")
                return
            }
            #expect(acme == .quotaExceeded(region: "eu-1"))
        }
    }

    @Test func anAppsPluginsOptionsAreDecodedStrictlyWithTheirKeyPath() throws {
        do {
            _ = try Self.registry.assemble(Self.configuration(#"{"transport": {"name": "acme", "options": {"regoin": "eu-1"}}}"#))
            Issue.record("an unknown option passed")
        } catch let error as ConfigurationError {
            #expect(error.key == "transport.options.regoin")
            #expect(error.suggestions == ["region"])
        }
        #expect(throws: ConfigurationError.self) {
            try Self.registry.validate(Self.configuration(#"{"transport": "acme"}"#))
        }
    }

    @Test func anAppMayReplaceABuiltInName() throws {
        var registry = PluginRegistry.standard
        registry.registerStore("memory", options: NoOptions.self) { _, _ in AcmeStore() }
        #expect(try registry.assemble(Self.configuration(#"{"endpoint": "http://127.0.0.1:1/graphql"}"#)).store is AcmeStore)
    }

    @Test func whatAFactoryThrowsReachesTheCallerUnchanged() throws {
        var registry = PluginRegistry.standard
        registry.registerStore("failing", options: NoOptions.self) { _, _ in throw AcmeError.quotaExceeded(region: "store") }
        #expect(throws: AcmeError.quotaExceeded(region: "store")) {
            try registry.assemble(Self.configuration(#"{"endpoint": "http://127.0.0.1:1/graphql", "store": "failing"}"#))
        }
    }

    @Test func theBuiltInsByDefaultAndANamedEndpointThatIsMissing() throws {
        let assembly = try PluginRegistry.standard.assemble(Self.configuration(#"{"endpoint": "https://api.example.com/graphql"}"#))
        #expect((assembly.transport as? CurlTransport)?.endpoint.absoluteString == "https://api.example.com/graphql")
        #expect(assembly.store is MemoryStore)
        do {
            _ = try PluginRegistry.standard.assemble(Self.configuration("{}"))
            Issue.record("a curl transport without an endpoint was made")
        } catch let error as ConfigurationError {
            #expect(error.key == "endpoint")
            #expect(error.description.contains("\"endpoint\" is missing"))
        }
    }

    @Test func environmentVariablesExpandAndAnUnsetOneIsAnErrorNamingIt() throws {
        let text =
            #"{"endpoint": "https://api.example.com/graphql", "transport": {"name": "curl", "options": {"headers": {"Authorization": "Bearer ${API_TOKEN}"}, "timeout": 2.5}}}"#
        let assembly = try PluginRegistry.standard.assemble(Self.configuration(text, environment: ["API_TOKEN": "s3cret"]))
        let curl = try #require(assembly.transport as? CurlTransport)
        #expect(curl.options.headers == [HeaderField(name: "Authorization", value: "Bearer s3cret")])
        #expect(curl.options.timeout == .milliseconds(2500))
        do {
            _ = try Self.configuration(text).transport.options.object(keys: ["headers", "timeout"])["headers"].stringMap()
            Issue.record("an unset variable expanded")
        } catch let error as ConfigurationError {
            #expect(error.key == "transport.options.headers.Authorization")
            #expect(error.description.contains("${API_TOKEN} is not set"), "\(error)")
        }
    }

    @Test func aSecretNeverAppearsInAnError() throws {
        let text = #"{"endpoint": "${ENDPOINT}"}"#
        do {
            _ = try Self.configuration(text, environment: ["ENDPOINT": "ftp://s3cret-host.example"])
            Issue.record("an ftp endpoint passed")
        } catch let error as ConfigurationError {
            #expect(error.value == #""${ENDPOINT}""#)
            #expect(!error.description.contains("s3cret"), "\(error)")
        }
    }

    @Test func webSocketSubscriptionsRouteThroughAWebSocketTransport() throws {
        let text = #"{"endpoint": "https://api.example.com/graphql", "transport": {"name": "curl", "options": {"subscriptions": "ws"}}}"#
        let routing = try #require(try PluginRegistry.standard.assemble(Self.configuration(text)).transport as? SubscriptionRoutingTransport)
        #expect(routing.operations is CurlTransport)
        #expect(routing.subscriptions is WebSocketTransport)
    }

    @Test func keepAliveReachesTheWebSocketTransport() throws {
        let routed =
            #"{"endpoint": "https://api.example.com/graphql", "transport": {"name": "curl", "options": {"subscriptions": "ws", "keepAlive": 2.5}}}"#
        let routing = try #require(try PluginRegistry.standard.assemble(Self.configuration(routed)).transport as? SubscriptionRoutingTransport)
        #expect((routing.subscriptions as? WebSocketTransport)?.options.keepAliveInterval == .milliseconds(2500))
        let plain = #"{"endpoint": "wss://api.example.com/graphql", "transport": {"name": "ws"}}"#
        let transport = try #require(try PluginRegistry.standard.assemble(Self.configuration(plain)).transport as? WebSocketTransport)
        #expect(transport.options.keepAliveInterval == .seconds(15))
        let refused = #"{"endpoint": "https://api.example.com/graphql", "transport": {"name": "sse", "options": {"keepAlive": 5}}}"#
        #expect(throws: ConfigurationError.self) { try PluginRegistry.standard.assemble(Self.configuration(refused)) }
    }

    @Test func keepAliveTimeoutReachesTheWebSocketTransport() throws {
        let routed =
            #"{"endpoint": "https://api.example.com/graphql", "transport": {"name": "foundation", "options": {"subscriptions": "ws", "keepAliveTimeout": 0.5}}}"#
        let routing = try #require(try PluginRegistry.standard.assemble(Self.configuration(routed)).transport as? SubscriptionRoutingTransport)
        let routedOptions = try #require((routing.subscriptions as? WebSocketTransport)?.options)
        #expect(routedOptions.keepAliveTimeout == .milliseconds(500))
        #expect(routedOptions.keepAliveInterval == .seconds(15))
        let plain = #"{"endpoint": "wss://api.example.com/graphql", "transport": {"name": "ws", "options": {"keepAliveTimeout": 3}}}"#
        let transport = try #require(try PluginRegistry.standard.assemble(Self.configuration(plain)).transport as? WebSocketTransport)
        #expect(transport.options.keepAliveTimeout == .seconds(3))
        let unset = #"{"endpoint": "wss://api.example.com/graphql", "transport": {"name": "ws"}}"#
        let defaulted = try #require(try PluginRegistry.standard.assemble(Self.configuration(unset)).transport as? WebSocketTransport)
        #expect(defaulted.options.keepAliveTimeout == .seconds(10))
        for bad in ["0", "-1", "\"soon\""] {
            let text = #"{"endpoint": "wss://api.example.com/graphql", "transport": {"name": "ws", "options": {"keepAliveTimeout": "# + bad + "}}}"
            #expect(throws: ConfigurationError.self) { try PluginRegistry.standard.assemble(Self.configuration(text)) }
        }
    }

    @Test func theSQLiteStoreOpensItsPathBesideTheFileAndExpirationReachesTheAssembly() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "baton-registry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "baton.json").path()
        let text =
            #"{"endpoint": "http://127.0.0.1:1/graphql", "store": {"name": "sqlite", "options": {"path": "cache.sqlite", "expiration": 300}}, "events": ["stderr"]}"#
        let assembly = try PluginRegistry.standard.assemble(Self.configuration(text, file: file))
        #expect(assembly.store is SQLiteStore)
        #expect(assembly.expiration == .seconds(300))
        #expect(assembly.events is StandardErrorEventSink)
        #expect(FileManager.default.fileExists(atPath: directory.appending(path: "cache.sqlite").path()))
    }

    @Test func theRedisStoreIsNamedWithItsOptionsBesideItsName() throws {
        let text =
            #"{"endpoint": "http://127.0.0.1:1/graphql", "store": {"name": "redis", "url": "redis://127.0.0.1:1/2", "namespace": "app:v3", "password": "${REDIS_PASSWORD}", "ttl": 60, "expiration": 300}}"#
        let assembly = try PluginRegistry.standard.assemble(Self.configuration(text, environment: ["REDIS_PASSWORD": "secret"]))
        let store = try #require(assembly.store as? RedisStore)
        #expect(store.options == RedisStore.Options(url: "redis://127.0.0.1:1/2", namespace: "app:v3", password: "secret", ttl: .seconds(60)))
        #expect(store.server == "redis://127.0.0.1:1/2")
        #expect(assembly.expiration == .seconds(300))
        // Nothing listens there: the store's own error names the server, not the password.
        #expect(throws: RedisStoreError.self) { try store.read(StoreRead(ids: [RecordID("1")])) }
        do {
            _ = try store.read(StoreRead(ids: [RecordID("1")]))
        } catch {
            #expect(error.code == .unreachable)
            #expect(error.description.hasPrefix("Redis at redis://127.0.0.1:1/2: "))
        }
    }

    @Test func aRedisStoreWithoutAURLIsRefusedNamingTheKey() throws {
        let text = #"{"endpoint": "http://127.0.0.1:1/graphql", "store": {"name": "redis", "options": {"namespace": "app"}}}"#
        #expect {
            try PluginRegistry.standard.assemble(Self.configuration(text))
        } throws: { error in
            "\(error)".contains(#""store.options.url""#)
        }
    }

    @Test func anAssembledTransportReachesTheReferenceServerWithItsHeaders() async throws {
        let server = try await ReferenceServer.shared()
        let text =
            #"{"endpoint": "\#(server.graphqlURL.absoluteString)", "transport": {"name": "foundation", "options": {"headers": {"X-Test": "${X_TEST}"}}}}"#
        let assembly = try PluginRegistry.standard.assemble(Self.configuration(text, environment: ["X_TEST": "from-env"]))
        let response = try await assembly.transport.response(for: GraphQLRequest(query: #"{ requestHeader(name: "x-test") }"#))
        #expect(response.data?["requestHeader"] == "from-env")
    }
}
