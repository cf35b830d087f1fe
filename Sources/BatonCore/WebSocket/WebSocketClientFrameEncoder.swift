/// Writes the frames a client sends (RFC 6455 §5.2): always masked (§5.3), with a fresh key per
/// frame from the generator it was given.
///
/// ```swift
/// var encoder = WebSocketClientFrameEncoder(keys: SystemRandomNumberGenerator())
/// let bytes = encoder.text(#"{"type":"connection_init"}"#)
/// ```
@_spi(Transport) public struct WebSocketClientFrameEncoder<Keys: RandomNumberGenerator> {
    private var keys: Keys

    /// Creates an encoder drawing masking keys from `keys`.
    /// - Parameter keys: where masking keys come from; `SystemRandomNumberGenerator` on a real
    ///   connection, which §10.3 asks to be unpredictable.
    public init(keys: Keys) {
        self.keys = keys
    }

    /// One final frame carrying `payload`.
    /// - Parameters:
    ///   - opcode: the frame's kind.
    ///   - payload: its bytes, unmasked; at most 125 for a control frame.
    /// - Returns: the frame's bytes, ready to write.
    public mutating func frame(_ opcode: WebSocketFrameOpcode, payload: some Collection<UInt8>) -> [UInt8] {
        frame(opcode, payload: payload, isFinal: true)
    }

    /// One frame; `isFinal` false with a data opcode or ``WebSocketFrameOpcode/continuation`` sends a
    /// message in fragments (§5.4).
    /// - Parameters:
    ///   - opcode: the frame's kind.
    ///   - payload: its bytes, unmasked.
    ///   - isFinal: whether it ends its message.
    /// - Returns: the frame's bytes, ready to write.
    public mutating func frame(_ opcode: WebSocketFrameOpcode, payload: some Collection<UInt8>, isFinal: Bool) -> [UInt8] {
        let length = payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length + 14)
        bytes.append((isFinal ? 0x80 : 0) | opcode.rawValue)
        switch length {
        case 0...125:
            bytes.append(0x80 | UInt8(length))
        case 126...0xFFFF:
            bytes.append(0x80 | 126)
            bytes.append(UInt8(length >> 8))
            bytes.append(UInt8(truncatingIfNeeded: length))
        default:
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(shift))) }
        }
        let key = keys.next() as UInt32
        let mask = [UInt8(key >> 24), UInt8(truncatingIfNeeded: key >> 16), UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key)]
        bytes.append(contentsOf: mask)
        for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
        return bytes
    }

    /// A text message in one frame.
    /// - Parameter text: the message.
    /// - Returns: the frame's bytes, ready to write.
    public mutating func text(_ text: String) -> [UInt8] {
        frame(.text, payload: Array(text.utf8))
    }

    /// A close frame (§5.5.1) with `code` and a reason cut to fit the 125-byte limit on a UTF-8
    /// character boundary.
    /// - Parameters:
    ///   - code: the close code (``WebSocketCloseCode``, or 4000–4999 for an application's own).
    ///   - reason: why, in words.
    /// - Returns: the frame's bytes, ready to write.
    public mutating func close(code: UInt16, reason: String = "") -> [UInt8] {
        var payload: [UInt8] = [UInt8(code >> 8), UInt8(truncatingIfNeeded: code)]
        var fitting = Substring(reason)
        while fitting.utf8.count > 123 { fitting = fitting.dropLast() }
        payload.append(contentsOf: fitting.utf8)
        return frame(.close, payload: payload)
    }
}

extension WebSocketClientFrameEncoder: Sendable where Keys: Sendable {}
