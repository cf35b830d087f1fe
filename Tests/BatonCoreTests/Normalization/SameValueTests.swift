@_spi(Generated) import BatonCore
import CoreTestSupport
import Testing

/// Telling a stored scalar from the bytes alone (`BytesWalk+SameValue`): for every pair of a
/// stored value and the value fetched again, the bytes reading writes exactly what normalizing
/// the parsed response writes, so it calls a value unchanged only where the parsed value equals
/// the stored one.
@Suite("Normalizer: stored scalars compared from the bytes")
struct SameValueTests {
    /// One item whose `meta` (a JSON scalar, of any kind) is `meta`.
    static func response(meta: String) -> [UInt8] {
        let item = #"{"__typename":"Item","id":"1","name":"One","price":1.5,"meta":\#(meta),"tags":null,"by":null,"stats":null}"#
        return Array(#"{"data":{"items":[\#(item)]}}"#.utf8)
    }

    /// The store after the response with `meta`.
    static func stored(meta: String) throws -> RecordTables {
        let operation = OperationKey(operationID: "Items", variables: "{}")
        let write = try ResponseNormalizer.normalize(
            responseBytes: response(meta: meta), plan: BytesDifferential.items, operation: operation)
        return BytesDifferential.tables(write)
    }

    static let pairs: [(held: String, fetched: String)] = {
        var pairs: [(String, String)] = [
            // Integers: only a plain integer of the same value is the same.
            ("0", "0"), ("0", "-0"), ("1", "1.0"), ("100", "1e2"), ("100", "100"), ("-5", "-5"), ("-5", "5"),
            ("12", "12 "), ("123456789012345678", "123456789012345678"), ("123456789012345678", "123456789012345679"),
            ("1234567890123456789", "1234567890123456789"), ("9223372036854775807", "9223372036854775807"),
            ("-9223372036854775808", "-9223372036854775808"), ("9223372036854775808", "9223372036854775808"),
            // Doubles: equal by value, as the parsed values compare.
            ("1.5", "1.5"), ("1.5", "1.50"), ("1.5", "1.5e0"), ("0.0", "-0.0"), ("1e2", "100.0"), ("2.5", "2.25"),
            ("1.5", "1"), ("-0", "0.0"),
            // Literals.
            ("true", "true"), ("true", "false"), ("false", "false"), ("false", "true"), ("null", "null"),
            ("null", "0"), ("true", "1"),
            // Strings: the same bytes, or an escape that reads as them.
            (#""""#, #""""#), (#""a""#, #""a""#), (#""a""#, #""b""#), (#""A""#, #""\u0041""#),
            (#""a\"b""#, #""a\"b""#), (#""a\\b""#, #""a\\b""#), (#""é""#, #""é""#), (#""é""#, #""e\u0301""#),
            (#""ab""#, #""ab\u0000""#), (#""1""#, "1"), ("1", #""1""#),
        ]
        // Every length around the eight-byte words, equal and differing in the first or last byte.
        for length in 1...18 {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            let first = "Z" + text.dropFirst()
            let last = text.dropLast() + "Z"
            pairs += [("\"\(text)\"", "\"\(text)\""), ("\"\(text)\"", "\"\(first)\""), ("\"\(text)\"", "\"\(last)\"")]
            pairs += [("\"\(text)\"", "\"\(text)x\""), ("\"\(text)x\"", "\"\(text)\"")]
        }
        return pairs
    }()

    @Test func everyPairIsWrittenAsTheParsedResponseIs() throws {
        for (held, fetched) in Self.pairs {
            let decided = BytesDifferential.expectAlike(
                Self.response(meta: fetched), plan: BytesDifferential.items, stored: try Self.stored(meta: held))
            #expect(decided, "the bytes reading left \(held) then \(fetched) to the parse")
        }
    }

    @Test func malformedValuesAfterAStoredOneAreReadAlike() throws {
        let malformed = ["07", "-", "1.", "1e", "tru", "nul", "falsey", "\"ab", "\"a\u{1}b\"", "1e400"]
        for held in ["7", "1.5", "true", "false", "null", #""ab""#] {
            let stored = try Self.stored(meta: held)
            for fetched in malformed {
                BytesDifferential.expectAlike(Self.response(meta: fetched), plan: BytesDifferential.items, stored: stored)
            }
        }
    }

    @Test func anUnchangedValueWritesNoRecordAndAChangedOneWritesIt() throws {
        let operation = OperationKey(operationID: "Items", variables: "{}")
        for (held, fetched, changes) in [("42", "42", false), ("42", "43", true), (#""ab""#, #""ab""#, false), ("true", "false", true)] {
            let write = try ResponseNormalizer.normalize(
                responseBytes: Self.response(meta: fetched), plan: BytesDifferential.items, operation: operation,
                comparingWith: try Self.stored(meta: held))
            #expect(write.records.map(\.id) == (changes ? [RecordID("Item:1")] : []), "\(held) then \(fetched)")
        }
    }
}
