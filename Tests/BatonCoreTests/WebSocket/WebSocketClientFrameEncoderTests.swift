@_spi(Transport) import BatonCore
import CoreTestSupport
import Testing

@Suite struct WebSocketClientFrameEncoderTests {
    @Test(arguments: [0, 1, 125, 126, 65_535, 65_536])
    func masksAndRoundTrips(length: Int) throws {
        var encoder = WebSocketClientFrameEncoder(keys: FixedKeys(value: 0xA1B2_C3D4))
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 31) }
        let frame = encoder.frame(.binary, payload: payload)
        let decoded = try #require(unmask(frame))
        #expect(decoded.opcode == 0x2)
        #expect(decoded.isFinal)
        #expect(decoded.payload == payload)
        #expect(frame[1] & 0x80 != 0, "client frames are masked")
    }

    @Test func maskingKeyComesFromTheGenerator() {
        var encoder = WebSocketClientFrameEncoder(keys: FixedKeys(value: 0x0102_0304))
        let frame = encoder.frame(.text, payload: Array("ab".utf8))
        #expect(frame == [0x81, 0x82, 1, 2, 3, 4, UInt8(ascii: "a") ^ 1, UInt8(ascii: "b") ^ 2])
    }

    @Test func fragmentsCarryTheirFinalBit() throws {
        var encoder = WebSocketClientFrameEncoder(keys: FixedKeys(value: 7))
        let first = try #require(unmask(encoder.frame(.text, payload: Array("ab".utf8), isFinal: false)))
        let last = try #require(unmask(encoder.frame(.continuation, payload: Array("c".utf8), isFinal: true)))
        #expect(first.opcode == 0x1 && !first.isFinal)
        #expect(last.opcode == 0x0 && last.isFinal)
    }

    @Test func closeCarriesCodeAndCutsTheReasonOnACharacterBoundary() throws {
        var encoder = WebSocketClientFrameEncoder(keys: FixedKeys(value: 99))
        let reason = String(repeating: "é", count: 100)
        let close = try #require(unmask(encoder.close(code: 4400, reason: reason)))
        #expect(close.opcode == 0x8)
        #expect(close.payload.count <= 125)
        #expect(Array(close.payload.prefix(2)) == [0x11, 0x30])
        #expect(String(validating: close.payload.dropFirst(2), as: UTF8.self) != nil)
    }
}
