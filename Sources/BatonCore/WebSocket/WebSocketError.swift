/// A WebSocket connection failed in a way HTTP has no status for: the server closed it with a
/// close code, answered the upgrade wrongly, or never acknowledged the connection.
///
/// A WebSocket transport (BatonTransportCurl's `WebSocketTransport`, or one of an app's own built
/// on `GraphQLTransportWSStateMachine`) throws it as its own error, so it reaches the app
/// unchanged inside ``Failure/transport(_:)``. A connection that could not be opened or was lost
/// without a close frame is a ``TransportError`` with status 0 instead, as for the HTTP transports.
public struct WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong; stable, for matching.
    /// Later versions may add codes, so a `switch` over them needs a `default:`; compare with
    /// the static members (`code == .handshakeFailed`) and log ``rawValue``.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logs and events spell it.
        public var rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The raw value.
        public var description: String { rawValue }

        /// The server answered the upgrade with `101` but not as RFC 6455 §4.1 requires (wrong
        /// `Sec-WebSocket-Accept`, no subprotocol chosen, …).
        public static let handshakeFailed = Code(rawValue: "handshakeFailed")

        /// The server closed the connection with a close frame while operations were running;
        /// see ``closeCode`` and ``closeReason``.
        public static let closed = Code(rawValue: "closed")

        /// The server did not acknowledge `connection_init` in time (graphql-transport-ws).
        public static let acknowledgementTimeout = Code(rawValue: "acknowledgementTimeout")
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
