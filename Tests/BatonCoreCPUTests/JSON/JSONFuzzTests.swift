import BatonCore
import CoreTestSupport
import Testing

/// Seeded, repeatable fuzzing: mutated valid texts and random bytes never crash the parser, every
/// error points inside the input, and whatever parses survives a serialize/parse round trip.
@Suite("JSON fuzz")
struct JSONFuzzTests {
    /// Bytes that matter to the grammar, drawn more often than chance would.
    static let significant: [UInt8] =
        Array(#"{}[]:,"\/-+.eE0123456789 truefalsnul\u"#.utf8)
        + [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0xF8, 0xFF]

    static func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<([1, 1, 1, 2, 3, 4].randomElement(using: &generator) ?? 1) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            let byte =
                Bool.random(using: &generator)
                ? significant.randomElement(using: &generator) ?? 0
                : UInt8.random(in: 0...255, using: &generator)
            switch Int.random(in: 0..<6, using: &generator) {
            case 0 where !bytes.isEmpty: bytes[position] = byte
            case 1: bytes.insert(byte, at: position)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...4, using: &generator))
                bytes.removeSubrange(position..<end)
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, position + Int.random(in: 1...16, using: &generator))
                bytes.insert(contentsOf: bytes[position..<end], at: Int.random(in: 0...bytes.count, using: &generator))
            case 4: bytes = Array(bytes.prefix(position))
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    static func randomBytes(using generator: inout SeededGenerator) -> [UInt8] {
        (0..<Int.random(in: 0...48, using: &generator)).map { _ in
            Int.random(in: 0..<5, using: &generator) == 0
                ? UInt8.random(in: 0...255, using: &generator)
                : significant.randomElement(using: &generator) ?? 0
        }
    }

    /// Parses `bytes` and checks what must hold whatever the outcome; returns whether it parsed.
    @discardableResult
    static func check(_ bytes: [UInt8], options: JSONParseOptions = .init()) -> Bool {
        do {
            let value = try JSONValue(parsing: bytes, options: options)
            let text = value.serializedBytes()
            let reparsed = try JSONValue(parsing: text, options: options)
            #expect(reparsed.isIdentical(to: value), "\(bytes)")
            #expect(reparsed.serializedBytes() == text, "\(bytes)")
            return true
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count, "\(bytes): \(error)")
            let before = bytes.prefix(error.offset)
            let lineFeeds = before.filter { $0 == 0x0A }.count
            #expect(error.line == lineFeeds + 1, "\(bytes): \(error)")
            let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
            #expect(error.column == error.offset - lineStart + 1, "\(bytes): \(error)")
            #expect(error.message.hasPrefix("Expected"), "\(bytes): \(error)")
            return false
        }
    }

    @Test("20,000 mutated and random inputs: no crash, errors in range, round trips hold")
    func fuzz() throws {
        var generator = SeededGenerator(seed: 0xF022_2026)
        var seeds = try JSONTestSuite.files(in: "test_parsing").filter { $0.name.hasPrefix("y_") }.map(\.bytes)
        for _ in 0..<40 {
            seeds.append(JSONValueGenerator.value(depth: 4, using: &generator).serializedBytes())
        }
        let clock = ContinuousClock()
        let start = clock.now
        var parsed = 0
        let shallow = JSONParseOptions(maximumDepth: 3, maximumBytes: 4_096)
        for round in 0..<16_000 {
            let seed = seeds[Int.random(in: 0..<seeds.count, using: &generator)]
            let input = Self.mutate(seed, using: &generator)
            if Self.check(input, options: round % 8 == 0 ? shallow : .init()) { parsed += 1 }
        }
        for _ in 0..<4_000 {
            if Self.check(Self.randomBytes(using: &generator)) { parsed += 1 }
        }
        // Both outcomes must be well exercised for the run to mean anything.
        #expect(parsed > 1_000)
        #expect(parsed < 19_000)
        #expect(start.duration(to: clock.now) < .seconds(120))
    }
}
