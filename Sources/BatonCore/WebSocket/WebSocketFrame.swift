/// The kinds of WebSocket frame (RFC 6455 §5.2, "Opcode").
@_spi(Transport) public enum WebSocketFrameOpcode: UInt8, Sendable, Hashable {
    /// A further fragment of the message begun by a text or binary frame (§5.4).
    case continuation = 0x0
    /// A text message, or its first fragment (§5.6).
    case text = 0x1
    /// A binary message, or its first fragment (§5.6).
    case binary = 0x2
    /// The closing handshake (§5.5.1).
    case close = 0x8
    /// A ping (§5.5.2).
    case ping = 0x9
    /// A pong (§5.5.3).
    case pong = 0xA

    /// Whether frames of this kind are control frames (§5.5): short, never fragmented.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// A peer broke RFC 6455; the connection must close with ``closeCode``.
@_spi(Transport) public struct WebSocketProtocolViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The close code to send (§7.4.1): ``WebSocketCloseCode/protocolError``,
    /// ``WebSocketCloseCode/invalidData`` or ``WebSocketCloseCode/messageTooBig``.
    public var closeCode: UInt16
    /// What the peer did wrong.
    public var message: String

    /// Creates a violation.
    /// - Parameters:
    ///   - closeCode: the close code to answer with.
    ///   - message: what the peer did wrong.
    public init(closeCode: UInt16, message: String) {
        self.closeCode = closeCode
        self.message = message
    }

    /// A violation answered with 1002, the close code for a protocol error.
    /// - Parameter message: what the peer did wrong.
    public static func protocolError(_ message: String) -> Self {
        Self(closeCode: WebSocketCloseCode.protocolError, message: message)
    }

    /// The message and the close code.
    public var description: String { "\(message) (WebSocket close code \(closeCode))" }
}

/// Close status codes a client sends or reads (RFC 6455 §7.4.1).
@_spi(Transport) public enum WebSocketCloseCode {
    /// The connection did what it was for.
    public static let normal: UInt16 = 1000
    /// The endpoint is going away (a server shutting down, a page left).
    public static let goingAway: UInt16 = 1001
    /// The peer broke the protocol.
    public static let protocolError: UInt16 = 1002
    /// Never sent in a frame; reported when a close frame carried no code.
    public static let noStatus: UInt16 = 1005
    /// The peer sent data that does not fit its message's kind (text that is not UTF-8).
    public static let invalidData: UInt16 = 1007
    /// The peer sent a message larger than the endpoint accepts.
    public static let messageTooBig: UInt16 = 1009

    /// Whether `code` may appear in a close frame (§7.4.1 and §7.4.2): 1000–1003, 1007–1014, and
    /// the ranges for libraries and applications, 3000–4999.
    /// - Parameter code: a close code, as sent or received.
    public static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }
}
