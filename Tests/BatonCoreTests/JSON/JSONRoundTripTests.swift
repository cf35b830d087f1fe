import BatonCore
import CoreTestSupport
import Testing

/// Parse and serialize undo each other: text reaches one canonical form; values survive exactly.
@Suite("JSON round trip")
struct JSONRoundTripTests {
    @Test(
        "parsing then serializing gives the canonical text",
        arguments: [
            (" { \"a\" : [ 1 , 2.50 , -0 , 1E2 , \"\\u0041\\/\" ] } ", #"{"a":[1,2.5,-0.0,100.0,"A/"]}"#),
            ("[1.0, 1e0, 10e-1, 0.1e1, 1]", "[1.0,1.0,1.0,1.0,1]"),
            ("\"\\ud83d\\ude00\\u00e9\\u0000\\u001F\\n\"", "\"😀é\\u0000\\u001f\\n\""),
            (#"{"z":1,"a":2,"z":3}"#, #"{"z":3,"a":2}"#),
            (
                "[9223372036854775807,-9223372036854775808,9223372036854775808]",
                "[9223372036854775807,-9223372036854775808,9223372036854775808]"
            ),
            ("[1e-400, 123456789012345678901234567890, 0.30000000000000004]", "[0.0,123456789012345678901234567890,0.30000000000000004]"),
            ("\n\t[ ]\r\n", "[]"),
        ])
    func canonical(input: String, output: String) throws {
        let value = try JSONValue(parsing: input)
        #expect(value.serialized() == output)
        #expect(try JSONValue(parsing: output).serialized() == output)
    }

    @Test("generated values survive serializing and parsing exactly")
    func generatedValues() throws {
        var generator = SeededGenerator(seed: 0xBA70_0001)
        for _ in 0..<3_000 {
            let value = JSONValueGenerator.value(depth: 4, using: &generator)
            let bytes = value.serializedBytes()
            let reparsed = try JSONValue(parsing: bytes)
            #expect(reparsed.isIdentical(to: value), "\(value.serialized())")
            #expect(reparsed.serializedBytes() == bytes)
            let sorted = try JSONValue(parsing: value.serializedBytes(sortingKeys: true))
            #expect(sorted.serializedBytes(sortingKeys: true) == value.serializedBytes(sortingKeys: true))
        }
    }

    @Test("every finite double survives exactly")
    func doubles() throws {
        var generator = SeededGenerator(seed: 0xD0_0B1E)
        for _ in 0..<20_000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            let reparsed = try JSONValue(parsing: JSONValue.double(double).serializedBytes())
            guard case .double(let read) = reparsed else {
                Issue.record("\(double) read back as \(reparsed)")
                continue
            }
            #expect(read.bitPattern == double.bitPattern, "\(double)")
        }
    }

    @Test("every Int64 survives exactly")
    func integers() throws {
        var generator = SeededGenerator(seed: 0x1_64)
        for _ in 0..<20_000 {
            let integer = Int64(bitPattern: generator.next()) >> Int64.random(in: 0..<63, using: &generator)
            #expect(try JSONValue(parsing: JSONValue.int(integer).serializedBytes()) == .int(integer))
        }
    }
}
