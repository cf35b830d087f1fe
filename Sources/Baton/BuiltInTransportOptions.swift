import BatonCore
import Foundation

#if BATON_CURL
    import BatonTransportCurl
#endif

/// The options of the built-in transports in `baton.json` (`transport.options`):
///
/// | key | type | for | meaning |
/// |---|---|---|---|
/// | `headers` | object of strings | all | header fields sent with every operation; `${VAR}` expands |
/// | `timeout` | seconds | curl, sse, foundation | how long a query or mutation may take |
/// | `method` | `"POST"` or `"GET"` | curl, sse, foundation | how queries are sent: `GET` puts them in the URL (cacheable); mutations are always POSTed (`POST` by default) |
/// | `maxURLLength` | bytes | curl, sse, foundation | the longest URL a GET may have; a longer query is POSTed (2048 by default) |
/// | `caFile` | path | curl, sse, ws | a PEM file of the certificate authorities to trust instead of the system's |
/// | `subscriptions` | `"sse"` or `"ws"` | curl, foundation | how subscriptions go: over the same HTTP (`sse`, the default) or a WebSocket to the endpoint's `ws(s)://` form |
/// | `keepAlive` | seconds | curl, foundation, ws | how long a WebSocket server may stay quiet before the client pings it (15 by default) |
/// | `keepAliveTimeout` | seconds | curl, foundation, ws | how long a ping may go unanswered before the connection is taken as lost (10 by default) |
public struct BuiltInTransportOptions: PluginOptions {
    /// Header fields sent with every operation, `${VARIABLE}` references expanded.
    public var headers: [HeaderField]
    /// How long a query or mutation may take.
    public var timeout: Duration?
    /// Whether queries go by GET (`"method": "GET"`).
    public var usesGETForQueries: Bool
    /// The longest URL a GET may have (`maxURLLength`).
    public var maximumURLLength: Int
    /// The certificate authorities to trust, a PEM file; the system's when `nil`.
    public var certificateAuthorityFile: String?
    /// How subscriptions are sent: `"sse"` (the same HTTP transport) or `"ws"`.
    public var subscriptions: String
    /// How long a WebSocket server may stay quiet before the client pings it; the WebSocket
    /// transport's default when `nil`.
    public var keepAliveInterval: Duration?
    /// How long a WebSocket server may leave the client's ping unanswered before the connection is
    /// taken as lost; the WebSocket transport's default when `nil`.
    public var keepAliveTimeout: Duration?

    /// Which keys a transport accepts.
    enum Keys {
        static let curl = ["headers", "timeout", "method", "maxURLLength", "caFile", "subscriptions", "keepAlive", "keepAliveTimeout"]
        static let serverSentEvents = ["headers", "timeout", "method", "maxURLLength", "caFile"]
        static let foundation = ["headers", "timeout", "method", "maxURLLength", "subscriptions", "keepAlive", "keepAliveTimeout"]
        static let webSocket = ["headers", "caFile", "keepAlive", "keepAliveTimeout"]
    }

    /// Decodes the options of `curl` (every key).
    /// - Parameter options: `transport.options`.
    /// - Throws: ``ConfigurationError`` naming the key, the value and what is accepted.
    public init(configuration options: ConfigurationValue) throws(ConfigurationError) {
        try self.init(options, keys: Keys.curl)
    }

    init(_ options: ConfigurationValue, keys: [String]) throws(ConfigurationError) {
        let object = try options.object(keys: keys)
        headers = try object["headers"].stringMap().map { HeaderField(name: $0.key, value: $0.value) }
        timeout = try object["timeout"].seconds()
        usesGETForQueries = try object["method"].oneOf(["POST", "GET"]) == "GET"
        maximumURLLength = try object["maxURLLength"].integer(in: 256...1 << 20) ?? HTTPTransportOptions().maximumURLLength
        certificateAuthorityFile = try object["caFile"].string()
        subscriptions = try object["subscriptions"].oneOf(["sse", "ws"]) ?? "sse"
        keepAliveInterval = try object["keepAlive"].seconds()
        keepAliveTimeout = try object["keepAliveTimeout"].seconds()
    }

    #if BATON_CURL
        /// The WebSocket transport's options: the header fields and the keep-alive's interval and timeout.
        var webSocket: WebSocketTransport.Options {
            var options = WebSocketTransport.Options(headers: headers)
            if let keepAliveInterval { options.keepAliveInterval = keepAliveInterval }
            if let keepAliveTimeout { options.keepAliveTimeout = keepAliveTimeout }
            return options
        }

        /// libcurl's options: the trusted certificate authorities, the file's path made absolute
        /// against the directory of `baton.json`.
        func curlOptions(_ context: PluginContext) -> CurlOptions {
            guard let file = certificateAuthorityFile else { return CurlOptions() }
            return CurlOptions(tls: .certificateAuthorities(file: BuiltInPaths.resolve(file, beside: context.configuration.file)))
        }
    #endif

    /// The shared HTTP options.
    var http: HTTPTransportOptions {
        HTTPTransportOptions(
            headers: headers, usesGETForQueries: usesGETForQueries, maximumURLLength: maximumURLLength, timeout: timeout)
    }
}

/// The options of the `foundation` transport: those of ``BuiltInTransportOptions`` but `caFile`.
struct FoundationTransportOptions: PluginOptions {
    var options: BuiltInTransportOptions

    init(configuration options: ConfigurationValue) throws(ConfigurationError) {
        self.options = try BuiltInTransportOptions(options, keys: BuiltInTransportOptions.Keys.foundation)
    }
}

/// The options of the `sse` transport: those of `curl` but `subscriptions`, which are always
/// server-sent events.
struct ServerSentEventsTransportOptions: PluginOptions {
    var options: BuiltInTransportOptions

    init(configuration options: ConfigurationValue) throws(ConfigurationError) {
        self.options = try BuiltInTransportOptions(options, keys: BuiltInTransportOptions.Keys.serverSentEvents)
    }
}

/// The options of the `ws` transport: `headers`, `caFile`, `keepAlive` and `keepAliveTimeout`.
struct WebSocketTransportOptions: PluginOptions {
    var options: BuiltInTransportOptions

    init(configuration options: ConfigurationValue) throws(ConfigurationError) {
        self.options = try BuiltInTransportOptions(options, keys: BuiltInTransportOptions.Keys.webSocket)
    }
}

/// Paths in `baton.json` are relative to the file's directory.
enum BuiltInPaths {
    static func resolve(_ path: String, beside file: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        return URL(filePath: file).deletingLastPathComponent().appending(path: path).standardizedFileURL.path()
    }
}
