import CoreTestSupport
import Testing

@testable import BatonCore

/// Seeded, repeatable fuzzing of the scanner that finds where a streamed JSON object ends: it finds
/// a generated object's closing brace however the bytes are cut, finds no end in anything that is
/// not an object, and gives the same answer for any bytes whatever the chunking.
@Suite struct JSONObjectEndScannerFuzzTests {
    /// Feeds `bytes` to a scanner in the given chunk lengths; the end it reports, if any.
    static func scan(_ bytes: [UInt8], cuts chunks: [[UInt8]]) -> Int? {
        var scanner = JSONObjectEndScanner()
        var start = 0
        var found: Int?
        for chunk in chunks {
            let end = start + chunk.count
            if let index = scanner.scan(bytes[start..<end]) {
                // Once an end is found, later bytes never report another.
                #expect(found == nil)
                found = index
            }
            start = end
        }
        return found
    }

    static let whiteSpace: [[UInt8]] = [[], [0x20], [0x0A, 0x09], [0x0D, 0x0A, 0x20, 0x20]]
    static let trailing: [[UInt8]] = [[], Array("\r\n--boundary".utf8), Array("}]{\"".utf8), Array(" {}".utf8), [0xFF, 0x00]]

    @Test func generatedObjectsEndAtTheirClosingBraceWhateverTheChunking() {
        var generator = SeededGenerator(seed: 0x0BE0_2026)
        let cases = 20_000
        let elapsed = ContinuousClock().measure {
            for _ in 0..<cases {
                var object = JSONObject()
                for _ in 0..<Int.random(in: 0...4, using: &generator) {
                    object[JSONValueGenerator.string(using: &generator)] = JSONValueGenerator.value(depth: 4, using: &generator)
                }
                let lead = generator.pick(Self.whiteSpace)
                let text = lead + JSONValue.object(object).serializedBytes()
                let bytes = text + generator.pick(Self.trailing)
                #expect(Self.scan(bytes, cuts: generator.chunks(of: bytes, largest: 12)) == text.count, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        print("JSONObjectEndScannerFuzzTests: \(cases) objects in \(elapsed)")
    }

    @Test func valuesThatAreNotObjectsHaveNoEnd() {
        var generator = SeededGenerator(seed: 0x0BE1_2026)
        for _ in 0..<5_000 {
            let value = JSONValueGenerator.value(depth: 3, using: &generator)
            if case .object = value { continue }
            let bytes = generator.pick(Self.whiteSpace) + value.serializedBytes() + Array(" {}".utf8)
            #expect(Self.scan(bytes, cuts: generator.chunks(of: bytes)) == nil)
        }
    }

    @Test func anyBytesGiveTheSameAnswerWhateverTheChunking() {
        var generator = SeededGenerator(seed: 0x0BE2_2026)
        let alphabet = Array("{}[]\"\\ a:,".utf8)
        let pieces: [[UInt8]] = [Array("{".utf8), Array("}".utf8), Array("\"".utf8), Array("\\".utf8), Array("\\\"".utf8), [0x00], [0xFF]]
        for round in 0..<20_000 {
            let bytes =
                round % 2 == 0
                ? Array("{".utf8) + generator.bytes(upTo: 60, alphabet: alphabet)
                : generator.mutate(Array(#"{"a":"}\"","b":[{"c":"\\"}]}"#.utf8), pieces: pieces)
            let whole = Self.scan(bytes, cuts: [bytes])
            #expect(Self.scan(bytes, cuts: generator.chunks(of: bytes, largest: 8)) == whole, "\(bytes)")
            if let whole {
                #expect(whole > 0 && whole <= bytes.count)
                #expect(bytes[whole - 1] == UInt8(ascii: "}") || bytes[whole - 1] == UInt8(ascii: "]"))
            }
        }
    }

    @Test func millionsOfLevelsAreCountedNotRecursed() {
        let depth = 1_000_000
        let open = Array("{\"a\":".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: depth)
        let close = [UInt8](repeating: UInt8(ascii: "]"), count: depth) + Array("}".utf8)
        var scanner = JSONObjectEndScanner()
        #expect(scanner.scan(open[...]) == nil)
        let bytes = open + close
        #expect(scanner.scan(bytes[open.count...]) == bytes.count)
    }
}
