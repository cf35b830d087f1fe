@_spi(Transport) import BatonCore
import CoreTestSupport
import Testing

/// Seeded, repeatable fuzzing of the WebSocket frame decoder: generated frames give the messages
/// they were built from however the bytes are cut, and any bytes give messages or a
/// ``WebSocketProtocolViolation`` with a close code, never a trap, and never an allocation sized
/// by a length field rather than by bytes received.
@Suite struct WebSocketClientFrameDecoderFuzzTests {
    static let textPieces = ["a", "{\"type\":\"next\"}", "é", "😀", "中", "\u{0}", " ", "\n"]

    /// Feeds `chunks` in order; the messages, and the violation that stopped the decoder.
    static func decode(_ chunks: [[UInt8]], maximumMessageSize: Int = 1_024) -> ([WebSocketClientFrameDecoder.Message], WebSocketProtocolViolation?) {
        var decoder = WebSocketClientFrameDecoder(maximumMessageSize: maximumMessageSize)
        var messages: [WebSocketClientFrameDecoder.Message] = []
        for chunk in chunks {
            decoder.append(chunk)
            do {
                while let message = try decoder.next() { messages.append(message) }
            } catch {
                #expect([1002, 1007, 1009].contains(error.closeCode), "\(error)")
                return (messages, error)
            }
        }
        return (messages, nil)
    }

    /// Up to six messages as a server sends them: text and binary, some in fragments with pings
    /// and pongs between them, perhaps a close frame last; and the messages a reader sees.
    static func stream(using generator: inout SeededGenerator) -> (bytes: [UInt8], messages: [WebSocketClientFrameDecoder.Message]) {
        var bytes: [UInt8] = []
        var messages: [WebSocketClientFrameDecoder.Message] = []
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let isText = Bool.random(using: &generator)
            let payload: [UInt8] =
                isText
                ? Array((0..<Int.random(in: 0...30, using: &generator)).map { _ in generator.pick(textPieces) }.joined().utf8)
                : (0..<generator.pick([0, 5, 125, 126, 300, 1_000])).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Fragments may split a multi-byte character: only the whole message must be UTF-8.
            var cuts = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Int.random(in: 0...payload.count, using: &generator) }.sorted()
            cuts = [0] + cuts + [payload.count]
            for index in 0..<(cuts.count - 1) {
                let opcode: UInt8 = index == 0 ? (isText ? 0x1 : 0x2) : 0x0
                let isFinal = index == cuts.count - 2
                bytes += ServerFrames.frame(opcode, Array(payload[cuts[index]..<cuts[index + 1]]), final: isFinal)
                if isFinal { messages.append(isText ? .text(String(decoding: payload, as: UTF8.self)) : .binary(payload)) }
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    let control = (0..<Int.random(in: 0...125, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    let isPing = Bool.random(using: &generator)
                    bytes += ServerFrames.frame(isPing ? 0x9 : 0xA, control)
                    messages.append(isPing ? .ping(control) : .pong(control))
                }
            }
        }
        if Bool.random(using: &generator) {
            bytes += ServerFrames.close(4_401, "Unauthorized é")
            messages.append(.close(code: 4_401, reason: "Unauthorized é"))
        }
        return (bytes, messages)
    }

    /// `bytes` cut at random places, sometimes one byte per piece.
    static func chunks(of bytes: [UInt8], using generator: inout SeededGenerator) -> [[UInt8]] {
        if Int.random(in: 0..<6, using: &generator) == 0 { return bytes.map { [$0] } }
        var chunks: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 0...200, using: &generator))
            chunks.append(Array(bytes[start..<end]))
            start = end
        }
        return chunks
    }

    @Test func generatedFramesGiveTheirMessagesWhateverTheChunking() {
        var generator = SeededGenerator(seed: 0x0F5A_2026)
        let streams = 1_000
        let chunkings = 6
        let elapsed = ContinuousClock().measure {
            for _ in 0..<streams {
                let stream = Self.stream(using: &generator)
                for round in 0..<chunkings {
                    let pieces = round == 0 ? [stream.bytes] : Self.chunks(of: stream.bytes, using: &generator)
                    let (messages, violation) = Self.decode(pieces)
                    #expect(violation == nil)
                    #expect(messages == stream.messages, "\(stream.bytes.count) bytes")
                }
            }
        }
        print("WebSocketClientFrameDecoderFuzzTests: \(streams) streams × \(chunkings) chunkings in \(elapsed)")
    }

    @Test func mutatedAndRandomBytesGiveMessagesOrAViolation() {
        var generator = SeededGenerator(seed: 0x0F5B_2026)
        let cases = 4_000
        var violations = 0
        let elapsed = ContinuousClock().measure {
            for round in 0..<cases {
                var bytes = Self.stream(using: &generator).bytes
                if round % 3 == 0 {
                    bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                } else {
                    for _ in 0..<Int.random(in: 1...3, using: &generator) where !bytes.isEmpty {
                        let position = Int.random(in: 0..<bytes.count, using: &generator)
                        switch Int.random(in: 0..<3, using: &generator) {
                        case 0: bytes[position] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                        case 1: bytes[position] = UInt8.random(in: 0...255, using: &generator)
                        default: bytes = Array(bytes.prefix(position))
                        }
                    }
                }
                if Self.decode(Self.chunks(of: bytes, using: &generator)).1 != nil { violations += 1 }
            }
        }
        #expect(violations > cases / 10 && violations < cases - cases / 10, "\(violations)")
        print("WebSocketClientFrameDecoderFuzzTests: \(cases) mutated and random streams, \(violations) violations, in \(elapsed)")
    }

    @Test func everyFirstByteIsAFrameOrAProtocolError() {
        for first in UInt8.min...UInt8.max {
            let opcode = first & 0x0F
            let isFinal = first & 0x80 != 0
            let expectsError =
                first & 0x70 != 0 || ![0x0, 0x1, 0x2, 0x8, 0x9, 0xA].contains(opcode)
                || (opcode >= 0x8 && !isFinal) || opcode == 0x0
            let (messages, violation) = Self.decode([[first, 0x00]])
            if expectsError {
                #expect(violation?.closeCode == 1002, "first byte \(first)")
            } else {
                #expect(violation == nil, "first byte \(first)")
                // A data frame that is not final waits for its continuation.
                #expect(messages.count == (isFinal ? 1 : 0), "first byte \(first)")
            }
        }
    }

    /// 64-bit lengths near and past every limit, with no payload behind them.
    static let hugeLengths: [UInt64] = [
        UInt64(Int.max), UInt64(Int.max) - 1, UInt64.max, 1 << 63, (1 << 63) + 1, 1 << 32, UInt64(UInt32.max), 1_025, 1 << 62,
    ]

    @Test(arguments: hugeLengths)
    func oversizeLengthFieldsFailAtTheHeader(_ length: UInt64) {
        let header: [UInt8] = [0x82, 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> UInt64($0 * 8)) }
        for first: UInt8 in [0x82, 0x81, 0x02, 0x00] {
            var bytes = header
            bytes[0] = first
            let (messages, violation) = Self.decode([bytes])
            #expect(messages.isEmpty)
            #expect(violation?.closeCode == (length >> 63 != 0 ? 1002 : 1009), "\(first) \(length)")
        }
        // A fragment that would carry its message past the limit fails at its header too.
        let fragment = ServerFrames.frame(0x2, [UInt8](repeating: 0, count: 1_000), final: false)
        #expect(Self.decode([fragment + [0x80, 126, 0x00, 25]]).1?.closeCode == 1009)
    }

    @Test(arguments: [0x8, 0x9, 0xA] as [UInt8])
    func controlFramesWithLongPayloadsFailAtTheHeader(_ opcode: UInt8) {
        for length in [126, 127, 65_535, 1 << 20] {
            let header = Array(ServerFrames.frame(opcode, [UInt8](repeating: 0, count: length)).prefix(length < 65_536 ? 4 : 10))
            let (messages, violation) = Self.decode([header])
            #expect(messages.isEmpty)
            #expect(violation?.closeCode == 1002, "opcode \(opcode), length \(length)")
        }
    }

    @Test func aMessageAtTheLimitIsReadAndOneByteMoreIsNot() {
        let fits =
            ServerFrames.frame(0x2, [UInt8](repeating: 1, count: 600), final: false) + ServerFrames.frame(0x0, [UInt8](repeating: 2, count: 424))
        #expect(Self.decode([fits]).0.first == .binary([UInt8](repeating: 1, count: 600) + [UInt8](repeating: 2, count: 424)))
        let over =
            ServerFrames.frame(0x2, [UInt8](repeating: 1, count: 600), final: false) + ServerFrames.frame(0x0, [UInt8](repeating: 2, count: 425))
        #expect(Self.decode([over]).1?.closeCode == 1009)
    }

    @Test func aControlFrameBetweenFragmentsDoesNotCountTowardTheMessage() {
        // 1,000 bytes of a 1,024-byte limit are in; a 125-byte ping between fragments is its own message.
        let ping = [UInt8](repeating: 7, count: 125)
        let bytes =
            ServerFrames.frame(0x2, [UInt8](repeating: 1, count: 1_000), final: false)
            + ServerFrames.frame(0x9, ping) + ServerFrames.frame(0x0, [UInt8](repeating: 2, count: 24))
        for split in 0...bytes.count {
            let (messages, violation) = Self.decode([Array(bytes[..<split]), Array(bytes[split...])])
            #expect(violation == nil, "split at \(split)")
            #expect(messages == [.ping(ping), .binary([UInt8](repeating: 1, count: 1_000) + [UInt8](repeating: 2, count: 24))])
        }
    }
}
