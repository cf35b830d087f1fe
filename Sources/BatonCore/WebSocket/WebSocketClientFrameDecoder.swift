/// Reads the frames a server sends to a client (RFC 6455 §5.2) from bytes as they arrive, and
/// reassembles fragmented messages (§5.4).
///
/// A plain state machine: ``append(_:)`` bytes, then call ``next()`` until it returns `nil`.
/// It never traps on input; whatever breaks the protocol throws a ``WebSocketProtocolViolation``
/// naming the close code to answer with, after which the decoder must not be used again.
/// A frame from a server must not be masked (§5.1), so this decoder reads the client's side only.
@_spi(Transport) public struct WebSocketClientFrameDecoder: Sendable {
    /// What a server said: a whole message, reassembled from its fragments, or a control frame.
    public enum Message: Sendable, Hashable {
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

    /// The largest message accepted, in bytes, summed over its fragments.
    public let maximumMessageSize: Int

    private var buffer: [UInt8] = []
    private var readIndex = 0
    /// The message being reassembled from fragments: its opcode and the payload so far.
    private var fragmented: (opcode: WebSocketFrameOpcode, payload: [UInt8])?

    /// Creates a decoder with nothing received.
    /// - Parameter maximumMessageSize: the largest message accepted, in bytes; a larger one
    ///   throws a violation with close code 1009.
    public init(maximumMessageSize: Int = 16 << 20) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// Adds received bytes.
    /// - Parameter bytes: the next bytes from the connection, cut anywhere.
    public mutating func append(_ bytes: some Collection<UInt8>) {
        if readIndex > 0, readIndex >= buffer.count / 2 {
            buffer.removeSubrange(0..<readIndex)
            readIndex = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete message or control frame, or `nil` when more bytes are needed.
    /// - Throws: ``WebSocketProtocolViolation`` when the server broke the protocol.
    public mutating func next() throws(WebSocketProtocolViolation) -> Message? {
        while let frame = try nextFrame() {
            if let message = try assemble(frame) { return message }
        }
        return nil
    }

    private struct Frame {
        var isFinal: Bool
        var opcode: WebSocketFrameOpcode
        var payload: [UInt8]
    }

    /// Cuts one whole frame off the buffer, checking its header (§5.2).
    private mutating func nextFrame() throws(WebSocketProtocolViolation) -> Frame? {
        let available = buffer.count - readIndex
        guard available >= 2 else { return nil }
        let first = buffer[readIndex]
        let second = buffer[readIndex + 1]
        guard first & 0x70 == 0 else {
            throw .protocolError("the server set a reserved bit, but no extension was negotiated")
        }
        guard let opcode = WebSocketFrameOpcode(rawValue: first & 0x0F) else {
            throw .protocolError("the server sent a frame with the reserved opcode \(first & 0x0F)")
        }
        guard second & 0x80 == 0 else {
            throw .protocolError("the server sent a masked frame; frames from a server must not be masked")
        }
        let isFinal = first & 0x80 != 0
        var headerLength = 2
        var length = UInt64(second & 0x7F)
        if length == 126 {
            headerLength = 4
            guard available >= headerLength else { return nil }
            length = UInt64(buffer[readIndex + 2]) << 8 | UInt64(buffer[readIndex + 3])
        } else if length == 127 {
            headerLength = 10
            guard available >= headerLength else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | UInt64(buffer[readIndex + $1]) }
            guard length >> 63 == 0 else { throw .protocolError("the server sent a frame length with its top bit set") }
        }
        if opcode.isControl {
            guard isFinal else { throw .protocolError("the server fragmented a control frame") }
            guard length <= 125 else { throw .protocolError("the server sent a control frame longer than 125 bytes") }
        }
        // Only a continuation adds to the message being reassembled; a control frame between
        // fragments (§5.4) is a message of its own.
        let pending = opcode == .continuation ? UInt64(fragmented?.payload.count ?? 0) : 0
        guard length <= UInt64(maximumMessageSize) - min(pending, UInt64(maximumMessageSize)) else {
            throw WebSocketProtocolViolation(
                closeCode: WebSocketCloseCode.messageTooBig, message: "the server sent a message larger than \(maximumMessageSize) bytes")
        }
        let payloadLength = Int(length)
        guard available - headerLength >= payloadLength else { return nil }
        let start = readIndex + headerLength
        let payload = Array(buffer[start..<(start + payloadLength)])
        readIndex = start + payloadLength
        return Frame(isFinal: isFinal, opcode: opcode, payload: payload)
    }

    /// Joins fragments (§5.4) and reads control frames; `nil` while a message is incomplete.
    private mutating func assemble(_ frame: Frame) throws(WebSocketProtocolViolation) -> Message? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.close(frame.payload)
        case .text, .binary:
            guard fragmented == nil else {
                throw .protocolError("the server began a new message before finishing a fragmented one")
            }
            if frame.isFinal { return try Self.message(frame.opcode, frame.payload) }
            fragmented = (frame.opcode, frame.payload)
            return nil
        case .continuation:
            guard var partial = fragmented else {
                throw .protocolError("the server sent a continuation frame with no message to continue")
            }
            partial.payload.append(contentsOf: frame.payload)
            guard frame.isFinal else {
                fragmented = partial
                return nil
            }
            fragmented = nil
            return try Self.message(partial.opcode, partial.payload)
        }
    }

    private static func message(_ opcode: WebSocketFrameOpcode, _ payload: [UInt8]) throws(WebSocketProtocolViolation) -> Message {
        guard opcode == .text else { return .binary(payload) }
        guard let text = String(validating: payload, as: UTF8.self) else {
            throw WebSocketProtocolViolation(closeCode: WebSocketCloseCode.invalidData, message: "the server sent a text message that is not UTF-8")
        }
        return .text(text)
    }

    /// Reads a close frame's body (§5.5.1): nothing, or a code and a UTF-8 reason.
    private static func close(_ payload: [UInt8]) throws(WebSocketProtocolViolation) -> Message {
        if payload.isEmpty { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolError("the server sent a close frame with a one-byte body") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isSendable(code) else {
            throw .protocolError("the server sent the close code \(code), which may not be sent")
        }
        guard let reason = String(validating: payload[2...], as: UTF8.self) else {
            throw WebSocketProtocolViolation(closeCode: WebSocketCloseCode.invalidData, message: "the server sent a close reason that is not UTF-8")
        }
        return .close(code: code, reason: reason)
    }
}
