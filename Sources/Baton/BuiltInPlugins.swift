import BatonCore
import BatonStoreMemory
import BatonStoreSQLite
import BatonTransportFoundation
import Foundation

#if BATON_CURL
    import BatonTransportCurl
#endif
#if BATON_REDIS
    import BatonStoreRedis
#endif

extension PluginRegistry {
    /// The built-in plug-ins under their `baton.json` names: transports `foundation` and, where
    /// libcurl is linked (not on iOS, tvOS, watchOS or visionOS), `curl`, `sse` (curl, with
    /// subscriptions over server-sent events) and `ws`; stores `memory`, `sqlite` and, where hiredis
    /// is linked (not on Apple platforms), `redis`; the event sink `stderr`. An app adds its own with
    /// `registerTransport`, `registerStore` and `registerEventSink`.
    public static var standard: PluginRegistry {
        var registry = PluginRegistry()
        registry.registerTransport("foundation", options: FoundationTransportOptions.self) { settings, context in
            let options = settings.options
            let http = FoundationTransport(endpoint: try httpEndpoint(context), options: options.http)
            return try routingSubscriptions(http, options, context)
        }
        #if BATON_CURL
            registry.registerTransport("curl", options: BuiltInTransportOptions.self) { options, context in
                try curl(options, context)
            }
            registry.registerTransport("sse", options: ServerSentEventsTransportOptions.self) { settings, context in
                try curl(settings.options, context)
            }
            registry.registerTransport("ws", options: WebSocketTransportOptions.self) { settings, context in
                webSocket(settings.options, endpoint: try context.requireEndpoint(), context)
            }
        #endif
        registry.registerStore("memory", options: NoOptions.self) { _, _ in MemoryStore() }
        registry.registerStore("sqlite", options: SQLiteStoreConfiguration.self) { options, context in
            let path = BuiltInPaths.resolve(options.path, beside: context.configuration.file)
            return try SQLiteStore(path: path, options: SQLiteStore.Options(sizeLimit: options.sizeLimit, events: context.events))
        }
        #if BATON_REDIS
            registry.registerStore("redis", options: RedisStoreConfiguration.self) { configuration, _ in
                try RedisStore(options: configuration.options)
            }
        #endif
        registry.registerEventSink("stderr", options: NoOptions.self) { _, _ in StandardErrorEventSink() }
        return registry
    }

    #if BATON_CURL
        private static func curl(_ options: BuiltInTransportOptions, _ context: PluginContext) throws -> any Transport {
            let http = CurlTransport(endpoint: try httpEndpoint(context), options: options.http, curl: options.curlOptions(context))
            return try routingSubscriptions(http, options, context)
        }

        private static func webSocket(_ options: BuiltInTransportOptions, endpoint: URL, _ context: PluginContext) -> any Transport {
            WebSocketTransport(endpoint: endpoint, options: options.webSocket, curl: options.curlOptions(context))
        }
    #endif

    private static func routingSubscriptions(
        _ http: any Transport, _ options: BuiltInTransportOptions, _ context: PluginContext
    ) throws -> any Transport {
        guard options.subscriptions == "ws" else { return http }
        let endpoint = try httpEndpoint(context)
        #if BATON_CURL
            var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
            parts?.scheme = endpoint.scheme == "https" ? "wss" : "ws"
            return SubscriptionRoutingTransport(
                operations: http, subscriptions: webSocket(options, endpoint: parts?.url ?? endpoint, context))
        #else
            // The WebSocket transport is libcurl's, which this platform does not link.
            throw ConfigurationError(
                file: context.configuration.file, key: "transport.options.subscriptions", value: "\"ws\"",
                accepted: "\"sse\" on this platform, whose system has no libcurl for the WebSocket transport")
        #endif
    }

    /// The endpoint, which an HTTP transport needs as `http://` or `https://`.
    private static func httpEndpoint(_ context: PluginContext) throws(ConfigurationError) -> URL {
        let endpoint = try context.requireEndpoint()
        guard ["http", "https"].contains(endpoint.scheme?.lowercased() ?? "") else {
            throw ConfigurationError(
                file: context.configuration.file, key: "endpoint", value: JSONValue.string(endpoint.absoluteString).serialized(),
                accepted:
                    "an http or https URL for the \(context.configuration.transport.name) transport; a ws or wss endpoint takes \"transport\": \"ws\""
            )
        }
        return endpoint
    }
}
