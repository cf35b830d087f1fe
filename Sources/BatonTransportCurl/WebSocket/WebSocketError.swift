/// A WebSocket connection failed in a way HTTP has no status for: the server closed it with a
/// close code, answered the upgrade wrongly, or never acknowledged the connection.
///
/// ``WebSocketTransport`` throws it as its own error, so it reaches the app unchanged inside
/// `Failure.transport`. A connection that could not be opened or was lost without a close frame
/// is a ``BatonCore/TransportError`` with status 0 instead, as for the HTTP transports.
public struct WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; stable, for matching.
    public enum Code: String, Sendable, Hashable {
        /// The server answered the upgrade with `101` but not as RFC 6455 §4.1 requires (wrong
        /// `Sec-WebSocket-Accept`, no subprotocol chosen, …).
        case handshakeFailed
        /// The server closed the connection with a close frame while operations were running;
        /// see ``closeCode`` and ``closeReason``.
        case closed
        /// The server did not acknowledge `connection_init` in time (graphql-transport-ws).
        case acknowledgementTimeout
    }

    /// What went wrong.
    public var code: Code
    /// What went wrong, in words.
    public var message: String
    /// The close code the server sent (RFC 6455 §7.4; 4400–4499 are graphql-transport-ws's own,
    /// e.g. 4401 Unauthorized, 4403 Forbidden), when it sent one.
    public var closeCode: UInt16?
    /// The reason the server gave with its close code.
    public var closeReason: String?

    /// Creates an error.
    /// - Parameters:
    ///   - code: what went wrong.
    ///   - message: the same in words.
    ///   - closeCode: the server's close code, for ``Code/closed``.
    ///   - closeReason: the server's close reason, for ``Code/closed``.
    public init(_ code: Code, _ message: String, closeCode: UInt16? = nil, closeReason: String? = nil) {
        self.code = code
        self.message = message
        self.closeCode = closeCode
        self.closeReason = closeReason
    }

    /// The message.
    public var description: String { message }
}
