@_spi(Transport) import BatonCore
@_spi(Transport) import CoreTestSupport
import Testing

@Suite struct WebSocketClientFrameDecoderTests {
    @Test func wholeTextFrameSplitAtEveryByte() throws {
        let bytes = ServerFrames.text("{\"type\":\"connection_ack\"}")
        for pieces in ServerFrames.splits(of: bytes) {
            #expect(try ServerFrames.decode(pieces) == [.text("{\"type\":\"connection_ack\"}")])
        }
    }

    @Test func fragmentedMessageWithPingBetweenFragmentsSplitAtEveryByte() throws {
        let bytes =
            ServerFrames.text("Hel", final: false)
            + ServerFrames.frame(0x9, Array("are you there".utf8))
            + ServerFrames.continuation("lo, ", final: false)
            + ServerFrames.continuation("wörld", final: true)
        for pieces in ServerFrames.splits(of: bytes) {
            #expect(try ServerFrames.decode(pieces) == [.ping(Array("are you there".utf8)), .text("Hello, wörld")])
        }
    }

    @Test func multiByteCharacterSplitAcrossFragments() throws {
        let snowman = Array("☃".utf8)
        let bytes = ServerFrames.frame(0x1, [snowman[0]], final: false) + ServerFrames.frame(0x0, Array(snowman[1...]), final: true)
        #expect(try ServerFrames.decode([bytes]) == [.text("☃")])
    }

    @Test func lengthsOf16And64Bits() throws {
        let medium = [UInt8](repeating: 7, count: 300)
        let large = [UInt8](repeating: 9, count: 70_000)
        let bytes = ServerFrames.frame(0x2, medium) + ServerFrames.frame(0x2, large)
        #expect(try ServerFrames.decode([bytes]) == [.binary(medium), .binary(large)])
    }

    @Test func pingAndPong() throws {
        let bytes = ServerFrames.frame(0x9, [1, 2, 3]) + ServerFrames.frame(0xA, [])
        #expect(try ServerFrames.decode([bytes]) == [.ping([1, 2, 3]), .pong([])])
    }

    @Test func closeWithCodeAndReason() throws {
        #expect(try ServerFrames.decode([ServerFrames.close(4401, "Unauthorized")]) == [.close(code: 4401, reason: "Unauthorized")])
        #expect(try ServerFrames.decode([ServerFrames.frame(0x8, [])]) == [.close(code: nil, reason: "")])
    }

    @Test func maskedFrameFromServerIsAViolation() {
        let masked: [UInt8] = [0x81, 0x85, 1, 2, 3, 4] + Array("hello".utf8).enumerated().map { $0.element ^ UInt8($0.offset % 4 + 1) }
        #expect(throws: WebSocketProtocolViolation.self) { try ServerFrames.decode([masked]) }
        do {
            _ = try ServerFrames.decode([masked])
        } catch {
            #expect(error.closeCode == 1002)
            #expect(error.message.contains("masked"))
        }
    }

    @Test(arguments: [
        ("reserved bit", ServerFrames.frame(0x1, [65], firstByteExtra: 0x40), UInt16(1002)),
        ("reserved opcode", ServerFrames.frame(0x3, [65]), 1002),
        ("fragmented control frame", ServerFrames.frame(0x9, [], final: false), 1002),
        ("long control frame", ServerFrames.frame(0x9, [UInt8](repeating: 0, count: 126)), 1002),
        ("orphan continuation", ServerFrames.continuation("x", final: true), 1002),
        ("message inside a message", ServerFrames.text("a", final: false) + ServerFrames.text("b"), 1002),
        ("text not UTF-8", ServerFrames.frame(0x1, [0xC3, 0x28]), 1007),
        ("one-byte close body", ServerFrames.frame(0x8, [3]), 1002),
        ("close code 1005 in a frame", ServerFrames.close(1005, ""), 1002),
        ("close reason not UTF-8", ServerFrames.frame(0x8, [3, 232, 0xFF]), 1007),
        ("message over the limit", ServerFrames.frame(0x2, [UInt8](repeating: 0, count: 2_000)), 1009),
        (
            "fragments over the limit",
            ServerFrames.frame(0x2, [UInt8](repeating: 0, count: 600), final: false)
                + ServerFrames.frame(0x0, [UInt8](repeating: 0, count: 600), final: true), 1009
        ),
    ])
    func violations(name: String, bytes: [UInt8], closeCode: UInt16) {
        do {
            let messages = try ServerFrames.decode([bytes], maximumMessageSize: 1_000)
            Issue.record("\(name): decoded \(messages) instead of failing")
        } catch {
            #expect(error.closeCode == closeCode, "\(name)")
        }
    }

    @Test func hugeDeclaredLengthWaitsOrFailsWithoutAllocating() {
        // A 64-bit length far beyond the limit fails at the header, before any payload arrives.
        let header: [UInt8] = [0x82, 127, 0x00, 0x00, 0x10, 0, 0, 0, 0, 0]
        #expect(throws: WebSocketProtocolViolation.self) { try ServerFrames.decode([header]) }
        let topBit: [UInt8] = [0x82, 127, 0x80, 0, 0, 0, 0, 0, 0, 0]
        #expect(throws: WebSocketProtocolViolation.self) { try ServerFrames.decode([topBit]) }
    }
}
