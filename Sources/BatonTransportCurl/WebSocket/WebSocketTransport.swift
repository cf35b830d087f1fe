import BatonCore
import Foundation
import Synchronization

/// A ``Transport`` that runs operations over one WebSocket connection with the
/// graphql-transport-ws protocol (graphql-ws's PROTOCOL.md): the transport for subscriptions.
///
/// The WebSocket client (RFC 6455) runs over a connection libcurl opens
/// (`CURLOPT_CONNECT_ONLY`), so TLS, proxies and the connect timeout are curl's, set through
/// ``CurlOptions``. Every connection of the process, of every transport, runs on one thread,
/// never a Swift concurrency thread, and nothing blocks it: connecting, TLS and the upgrade are
/// driven by its `poll` loop like the frames, so a server that never answers delays only its own
/// connection. The thread exists while a connection is open.
///
/// **Keep-alive**: after ``Options/keepAliveInterval`` (15 s) without a byte from the server, the
/// client sends a `ping`; when nothing arrives within ``Options/keepAliveTimeout`` (10 s) after
/// it, the connection is taken as lost, so a peer gone without a FIN or a reset (a NAT that
/// forgot the connection, a crashed host) ends the operations as a lost connection does.
///
/// **Back-pressure**: each operation's payloads wait in a buffer of 16 for its consumer. While one
/// is full the connection's thread stops reading the socket, so a subscription faster than its
/// consumer stalls the server's sending (through TCP's window) instead of growing memory. The
/// operations of a connection share its socket, so they all wait for the slowest consumer, and the
/// keep-alive waits too (a reader that stopped hears no answer to a ping).
///
/// **The connection** opens with the first operation, sends `connection_init` (with
/// ``Options/connectionInitPayload``, e.g. a token) and waits for `connection_ack`. Every
/// operation sent while it is open shares it, each under its own id. When the last one ends,
/// the connection closes after ``Options/idleTimeout``; the next operation opens a new one.
///
/// **How a stream ends**:
/// - `complete` from the server: the stream finishes.
/// - `error` from the server, or a `next` with errors and no `data` member: ``Failure/request(_:)``.
///   A `next` of `"data": null` beside errors is one event (its root field failed); the stream goes on.
/// - A message or frame that breaks the protocol (not JSON, an unknown type, a masked frame):
///   ``Failure/malformed(_:)``; the connection closes with 4400 (or the RFC 6455 code).
/// - A connection that cannot be opened, is lost without a close frame, or whose server stopped
///   answering pings: ``TransportError`` with status 0 and what happened (a
///   ``SubscriptionHandle`` reconnects after it); an upgrade the server refuses:
///   ``TransportError`` with its status and body.
/// - A close frame from the server (4401 Unauthorized, 4403 Forbidden, 4500, …) or no
///   `connection_ack` in time: ``WebSocketError``.
///
/// Ending the iteration or cancelling its task sends `complete` for that operation only.
///
/// ```swift
/// let transport = WebSocketTransport(
///     endpoint: URL(string: "wss://api.example.com/graphql")!,
///     options: .init(connectionInitPayload: ["token": "…"])
/// )
/// for try await tick in transport.send(GraphQLRequest(query: "subscription { countdown(from: 3) { value } }",
///                                                     operationType: .subscription)) {
///     print(tick.data ?? .null)
/// }
/// ```
public struct WebSocketTransport: Transport {
    /// How the transport speaks graphql-transport-ws.
    public struct Options: Sendable {
        /// Header fields sent with the upgrade request (cookies, authorization, …).
        public var headers: [HeaderField]
        /// The payload of `connection_init`, where servers usually read credentials; `nil` sends none.
        public var connectionInitPayload: JSONObject?
        /// How long the server has to answer `connection_init` with `connection_ack`.
        public var acknowledgementTimeout: Duration
        /// How long the connection stays open after its last operation ends, for the next one.
        public var idleTimeout: Duration
        /// Limits for reading each message's JSON.
        public var parseOptions: JSONParseOptions
        /// The largest message accepted, in bytes; a larger one fails as malformed (close code 1009).
        public var maximumMessageSize: Int
        /// How long the server may stay quiet before the client sends a graphql-transport-ws
        /// `ping`; `nil` sends none, and then a peer that vanished without a reset goes unnoticed.
        public var keepAliveInterval: Duration?
        /// How long the server has to send anything after a `ping`; after that the connection is
        /// taken as lost: every operation fails with a ``TransportError`` (status 0).
        public var keepAliveTimeout: Duration

        /// Creates options.
        /// - Parameters:
        ///   - headers: fields sent with the upgrade request.
        ///   - connectionInitPayload: the `connection_init` payload.
        ///   - acknowledgementTimeout: how long to wait for `connection_ack`.
        ///   - idleTimeout: how long an unused connection stays open.
        ///   - parseOptions: JSON limits per message.
        ///   - maximumMessageSize: the largest message accepted, in bytes.
        ///   - keepAliveInterval: the quiet spell after which the client pings; `nil` for none.
        ///   - keepAliveTimeout: how long a ping may go unanswered.
        public init(
            headers: [HeaderField] = [],
            connectionInitPayload: JSONObject? = nil,
            acknowledgementTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(1),
            parseOptions: JSONParseOptions = JSONParseOptions(),
            maximumMessageSize: Int = 16 << 20,
            keepAliveInterval: Duration? = .seconds(15),
            keepAliveTimeout: Duration = .seconds(10)
        ) {
            self.headers = headers
            self.connectionInitPayload = connectionInitPayload
            self.acknowledgementTimeout = acknowledgementTimeout
            self.idleTimeout = idleTimeout
            self.parseOptions = parseOptions
            self.maximumMessageSize = maximumMessageSize
            self.keepAliveInterval = keepAliveInterval
            self.keepAliveTimeout = keepAliveTimeout
        }
    }

    /// Everything a connection needs, fixed when the transport is made.
    struct Configuration: Sendable {
        var endpoint: URL
        var options: Options
        var curl: CurlOptions
    }

    /// Where the transport connects: a `ws://` or `wss://` URL.
    public var endpoint: URL { pool.configuration.endpoint }
    /// How it speaks graphql-transport-ws.
    public var options: Options { pool.configuration.options }
    /// How libcurl connects: TLS verification, connect timeout, proxy.
    public var curlOptions: CurlOptions { pool.configuration.curl }
    let pool: WebSocketSessionPool

    /// Creates a transport; nothing connects until the first operation.
    /// - Parameters:
    ///   - endpoint: the `ws://` or `wss://` endpoint (`http://` and `https://` are taken as the same).
    ///   - options: the upgrade's headers, the `connection_init` payload and the timeouts.
    ///   - curl: TLS verification, connect timeout and proxy. ``CurlOptions/timeout`` does not
    ///     apply: a subscription may run for hours.
    public init(endpoint: URL, options: Options = Options(), curl: CurlOptions = CurlOptions()) {
        pool = WebSocketSessionPool(configuration: Configuration(endpoint: endpoint, options: options, curl: curl))
    }

    /// Starts one operation (of any type) on the shared connection and streams its payloads.
    /// - Parameter request: the operation; its ``GraphQLRequest/headers`` and
    ///   ``GraphQLRequest/timeout`` are not used (the connection's are).
    /// - Returns: the payloads in order; the stream finishes on `complete` and throws as the
    ///   type's documentation lists.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let operation = WebSocketOperation(id: pool.nextID(), request: request)
        let stream = operation.stream()
        pool.start(operation)
        return stream
    }
}

/// The transport's current connection, replaced when it ends.
final class WebSocketSessionPool: Sendable {
    let configuration: WebSocketTransport.Configuration
    private let current = Locked<WebSocketSession?>(nil)
    private let counter = Atomic<Int>(0)
    /// How many connections the transport has opened.
    let sessionsOpened = Atomic<Int>(0)

    init(configuration: WebSocketTransport.Configuration) {
        self.configuration = configuration
    }

    /// A graphql-transport-ws id unique within the transport.
    func nextID() -> String {
        String(counter.add(1, ordering: .relaxed).newValue)
    }

    /// Hands `operation` to the open connection, or to a new one when there is none.
    func start(_ operation: WebSocketOperation) {
        current.withLock { current in
            if let session = current {
                operation.session.withLock { $0 = session }
                if session.submit(.start(operation)) { return }
            }
            let session = WebSocketSession(configuration: configuration, startingWith: operation)
            guard WebSocketEventLoop.shared.run(session) else {
                current = nil
                _ = session.stopAccepting()
                operation.buffer.finish(
                    throwing: TransportError(
                        statusCode: 0, body: "the WebSocket connection could not be started: no descriptor for its thread's wakeups"))
                return
            }
            sessionsOpened.add(1, ordering: .relaxed)
            current = session
        }
    }
}
