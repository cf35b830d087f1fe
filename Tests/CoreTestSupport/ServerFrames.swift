@_spi(Transport) import BatonCore

/// Frames as a server writes them (unmasked), for feeding the client's decoder.
public enum ServerFrames {
    public static func frame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, firstByteExtra: UInt8 = 0) -> [UInt8] {
        var bytes: [UInt8] = [(final ? 0x80 : 0) | opcode | firstByteExtra]
        switch payload.count {
        case 0...125: bytes.append(UInt8(payload.count))
        case 126...0xFFFF: bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            bytes.append(127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64($0 * 8)) }
        }
        return bytes + payload
    }

    public static func text(_ text: String, final: Bool = true) -> [UInt8] { frame(0x1, Array(text.utf8), final: final) }
    public static func continuation(_ text: String, final: Bool) -> [UInt8] { frame(0x0, Array(text.utf8), final: final) }
    public static func close(_ code: UInt16, _ reason: String) -> [UInt8] {
        frame(0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    /// Decodes everything `bytes` holds, feeding it in the pieces given.
    @_spi(Transport) public static func decode(_ pieces: [[UInt8]], maximumMessageSize: Int = 1 << 20) throws(WebSocketProtocolViolation)
        -> [WebSocketClientFrameDecoder
        .Message]
    {
        var decoder = WebSocketClientFrameDecoder(maximumMessageSize: maximumMessageSize)
        var messages: [WebSocketClientFrameDecoder.Message] = []
        for piece in pieces {
            decoder.append(piece)
            while let message = try decoder.next() { messages.append(message) }
        }
        return messages
    }

    /// Every way of cutting `bytes` in two, plus byte by byte.
    public static func splits(of bytes: [UInt8]) -> [[[UInt8]]] {
        var result = (0...bytes.count).map { [Array(bytes[..<$0]), Array(bytes[$0...])] }
        result.append(bytes.map { [$0] })
        return result
    }
}

/// A generator that always returns the same value, so masked output is predictable.
public struct FixedKeys: RandomNumberGenerator {
    var value: UInt64

    public init(value: UInt64) {
        self.value = value
    }

    public mutating func next() -> UInt64 { value }
}

/// Undoes a client frame's masking: its opcode, final bit and payload.
public func unmask(_ frame: [UInt8]) -> (opcode: UInt8, isFinal: Bool, payload: [UInt8])? {
    guard frame.count >= 2, frame[1] & 0x80 != 0 else { return nil }
    var length = Int(frame[1] & 0x7F)
    var offset = 2
    if length == 126 {
        length = Int(frame[2]) << 8 | Int(frame[3])
        offset = 4
    } else if length == 127 {
        length = (2..<10).reduce(0) { $0 << 8 | Int(frame[$1]) }
        offset = 10
    }
    let mask = Array(frame[offset..<(offset + 4)])
    let payload = frame[(offset + 4)...].enumerated().map { $0.element ^ mask[$0.offset & 3] }
    guard payload.count == length else { return nil }
    return (frame[0] & 0x0F, frame[0] & 0x80 != 0, payload)
}
