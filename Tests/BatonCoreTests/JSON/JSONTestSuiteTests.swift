import BatonCore
import CoreTestSupport
import Testing

/// JSONTestSuite's `test_parsing`: `y_` files must parse, `n_` files must be rejected, and `i_`
/// files (where RFC 8259 lets a parser choose) do what the table below records.
@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
    enum Outcome: Equatable, CustomStringConvertible {
        case accepts
        case rejects(JSONParseError.Code)

        var description: String {
            switch self {
            case .accepts: return "accepts"
            case .rejects(let code): return "rejects (\(code))"
            }
        }
    }

    /// What the parser does with each implementation-defined case, and why.
    static let implementationDefined: [String: Outcome] = [
        // Numbers that underflow round to zero; integers beyond Int64 become doubles.
        "i_number_double_huge_neg_exp.json": .accepts,
        "i_number_real_underflow.json": .accepts,
        "i_number_too_big_neg_int.json": .accepts,
        "i_number_too_big_pos_int.json": .accepts,
        "i_number_very_big_negative_int.json": .accepts,
        // Numbers too large for a double are errors, never infinity.
        "i_number_huge_exp.json": .rejects(.invalidNumber),
        "i_number_neg_int_huge_exp.json": .rejects(.invalidNumber),
        "i_number_pos_double_huge_exp.json": .rejects(.invalidNumber),
        "i_number_real_neg_overflow.json": .rejects(.invalidNumber),
        "i_number_real_pos_overflow.json": .rejects(.invalidNumber),
        // Escaped lone or mismatched surrogates: a Swift String cannot hold them.
        "i_object_key_lone_2nd_surrogate.json": .rejects(.invalidString),
        "i_string_1st_surrogate_but_2nd_missing.json": .rejects(.invalidString),
        "i_string_1st_valid_surrogate_2nd_invalid.json": .rejects(.invalidString),
        "i_string_incomplete_surrogate_and_escape_valid.json": .rejects(.invalidString),
        "i_string_incomplete_surrogate_pair.json": .rejects(.invalidString),
        "i_string_incomplete_surrogates_escape_valid.json": .rejects(.invalidString),
        "i_string_invalid_lonely_surrogate.json": .rejects(.invalidString),
        "i_string_invalid_surrogate.json": .rejects(.invalidString),
        "i_string_inverted_surrogates_U+1D11E.json": .rejects(.invalidString),
        "i_string_lone_second_surrogate.json": .rejects(.invalidString),
        // Ill-formed UTF-8 inside strings.
        "i_string_UTF-8_invalid_sequence.json": .rejects(.invalidUTF8),
        "i_string_UTF8_surrogate_U+D800.json": .rejects(.invalidUTF8),
        "i_string_invalid_utf-8.json": .rejects(.invalidUTF8),
        "i_string_iso_latin_1.json": .rejects(.invalidUTF8),
        "i_string_lone_utf8_continuation_byte.json": .rejects(.invalidUTF8),
        "i_string_not_in_unicode_range.json": .rejects(.invalidUTF8),
        "i_string_overlong_sequence_2_bytes.json": .rejects(.invalidUTF8),
        "i_string_overlong_sequence_6_bytes.json": .rejects(.invalidUTF8),
        "i_string_overlong_sequence_6_bytes_null.json": .rejects(.invalidUTF8),
        "i_string_truncated-utf-8.json": .rejects(.invalidUTF8),
        // Only UTF-8 is read, and a byte order mark is not skipped.
        "i_string_UTF-16LE_with_BOM.json": .rejects(.unexpectedCharacter),
        "i_string_utf16BE_no_BOM.json": .rejects(.unexpectedCharacter),
        "i_string_utf16LE_no_BOM.json": .rejects(.unexpectedCharacter),
        "i_structure_UTF-8_BOM_empty_object.json": .rejects(.unexpectedCharacter),
        // Within the default depth limit of 512.
        "i_structure_500_nested_arrays.json": .accepts,
    ]

    static func outcome(of bytes: [UInt8]) -> Outcome {
        do {
            _ = try JSONValue(parsing: bytes)
            return .accepts
        } catch {
            return .rejects(error.code)
        }
    }

    @Test("every y_ file parses")
    func acceptsEveryY() throws {
        let files = try JSONTestSuite.files(in: "test_parsing").filter { $0.name.hasPrefix("y_") }
        #expect(files.count == 95)
        for file in files {
            #expect(Self.outcome(of: file.bytes) == .accepts, "\(file.name)")
        }
    }

    @Test("every n_ file is rejected")
    func rejectsEveryN() throws {
        let files = try JSONTestSuite.files(in: "test_parsing").filter { $0.name.hasPrefix("n_") }
        #expect(files.count == 188)
        for file in files {
            #expect(Self.outcome(of: file.bytes) != .accepts, "\(file.name)")
        }
    }

    @Test("every i_ file does what the table records")
    func implementationDefinedAsRecorded() throws {
        let files = try JSONTestSuite.files(in: "test_parsing").filter { $0.name.hasPrefix("i_") }
        #expect(Set(files.map(\.name)) == Set(Self.implementationDefined.keys))
        for file in files {
            let expected = try #require(Self.implementationDefined[file.name], "\(file.name) is not in the table")
            #expect(Self.outcome(of: file.bytes) == expected, "\(file.name)")
        }
    }

    @Test("parsed y_ files serialize to text that parses back to the same value")
    func yFilesRoundTrip() throws {
        for file in try JSONTestSuite.files(in: "test_parsing") where file.name.hasPrefix("y_") {
            let value = try JSONValue(parsing: file.bytes)
            let text = value.serializedBytes()
            let reparsed = try JSONValue(parsing: text)
            #expect(reparsed.isIdentical(to: value), "\(file.name)")
            #expect(reparsed.serializedBytes() == text, "\(file.name)")
        }
    }
}
