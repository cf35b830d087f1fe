/// The kinds of WebSocket frame (RFC 6455 §5.2, "Opcode").
enum WebSocketOpcode: UInt8, Sendable, Hashable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Whether frames of this kind are control frames (§5.5): short, never fragmented.
    var isControl: Bool { rawValue & 0x8 != 0 }
}

/// What a peer said, as the frame decoder reports it: a whole message, reassembled from its
/// fragments, or a control frame.
enum WebSocketMessage: Sendable, Hashable {
    /// A text message (§5.6), checked to be UTF-8.
    case text(String)
    /// A binary message (§5.6).
    case binary([UInt8])
    /// A ping (§5.5.2); the answer is a pong with the same payload.
    case ping([UInt8])
    /// A pong (§5.5.3).
    case pong([UInt8])
    /// A close frame (§5.5.1): the status code when one was sent, and the reason.
    case close(code: UInt16?, reason: String)
}

/// A peer broke RFC 6455; the connection must close with ``closeCode``.
struct WebSocketProtocolViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The close code to send (§7.4.1): 1002 protocol error, 1007 invalid data, 1009 too big.
    var closeCode: UInt16
    /// What the peer did wrong.
    var message: String

    static func protocolError(_ message: String) -> Self { Self(closeCode: 1002, message: message) }

    var description: String { "\(message) (WebSocket close code \(closeCode))" }
}

/// Close status codes this client sends or reads (RFC 6455 §7.4.1).
enum WebSocketCloseCode {
    static let normal: UInt16 = 1000
    static let goingAway: UInt16 = 1001
    static let protocolError: UInt16 = 1002
    /// Never sent in a frame; reported when a close frame carried no code.
    static let noStatus: UInt16 = 1005

    /// Whether `code` may appear in a close frame (§7.4.1 and §7.4.2): 1000–1003, 1007–1014, and
    /// the ranges for libraries and applications, 3000–4999.
    static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }
}
