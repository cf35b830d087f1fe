/// The client's keep-alive on a graphql-transport-ws connection: a `ping` after a quiet spell, and
/// the verdict that the server is gone when nothing answers it.
///
/// A plain state machine over instants the owner passes in, so it is tested without a clock or a
/// socket. The owner reports every byte the server sends with ``received(at:)`` (any traffic
/// proves the peer alive, not only a `pong`), wakes at ``deadline`` and performs what
/// ``check(at:)`` returns. graphql-transport-ws lets either side send `ping` at any time once the
/// socket is open (graphql-ws's PROTOCOL.md, "Ping"); the server must answer with `pong`.
///
/// A connection through a NAT or a proxy can die without a FIN or a reset reaching the client:
/// without this, a subscription would wait for its next event forever.
@_spi(Transport) public struct GraphQLTransportWSKeepAlive: Sendable {
    /// What the owner does when a deadline passes.
    public enum Action: Sendable, Equatable {
        /// Nothing is due yet.
        case none
        /// Send this text message (a graphql-transport-ws `ping`).
        case send(String)
        /// Nothing arrived within the timeout after a ping: fail every operation with this error
        /// (the transport's own, status 0) and close the socket without waiting for the peer.
        case peerUnresponsive(TransportError)
    }

    /// How long the server may stay quiet before the client pings it.
    public let interval: Duration
    /// How long the server has to send anything after a ping.
    public let timeout: Duration
    private var lastReceived: ContinuousClock.Instant
    private var pingSent: ContinuousClock.Instant?

    /// Creates a keep-alive for a connection that has just opened.
    /// - Parameters:
    ///   - interval: the quiet spell after which a `ping` is sent.
    ///   - timeout: how long after the `ping` the server has to send something.
    ///   - now: when the connection opened.
    public init(interval: Duration, timeout: Duration, now: ContinuousClock.Instant) {
        self.interval = max(interval, .milliseconds(1))
        self.timeout = max(timeout, .milliseconds(1))
        lastReceived = now
    }

    /// The server sent something (a message, a frame, a pong): it is alive.
    /// - Parameter now: when it arrived.
    public mutating func received(at now: ContinuousClock.Instant) {
        lastReceived = now
        pingSent = nil
    }

    /// When the owner must call ``check(at:)`` next.
    public var deadline: ContinuousClock.Instant {
        pingSent.map { $0 + timeout } ?? lastReceived + interval
    }

    /// What is due at `now`.
    /// - Parameter now: the current instant.
    /// - Returns: a `ping` to send after a quiet ``interval``, the verdict that the peer is gone
    ///   after a ping unanswered for ``timeout``, or nothing.
    public mutating func check(at now: ContinuousClock.Instant) -> Action {
        if let pingSent {
            guard now >= pingSent + timeout else { return .none }
            let silence = lastReceived.duration(to: now)
            let body =
                "the WebSocket server sent nothing for \(Self.seconds(silence)) and did not answer a ping within "
                + "\(Self.seconds(timeout)); the connection is considered lost"
            return .peerUnresponsive(TransportError(statusCode: 0, body: body))
        }
        guard now >= lastReceived + interval else { return .none }
        pingSent = now
        return .send(GraphQLWSClientMessage.ping())
    }

    /// `1.5 s`: a duration as the messages show it.
    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1000
        let tenths = (milliseconds % 1000) / 100
        return tenths == 0 ? "\(whole) s" : "\(whole).\(tenths) s"
    }
}
