import BatonCore
import CoreTestSupport
import Testing

/// JSONTestSuite's `test_transform`: inputs that parsers read differently, and what this one reads.
@Suite("JSONTestSuite transforms")
struct JSONTestSuiteTransformTests {
    enum Reading {
        case value(JSONValue)
        case rejects(JSONParseError.Code)
    }

    static let readings: [String: Reading] = [
        "number_-9223372036854775808.json": .value([.int(Int64.min)]),
        "number_-9223372036854775809.json": .value([.number("-9223372036854775809")]),
        "number_1.0.json": .value([.double(1.0)]),
        "number_1.000000000000000005.json": .value([.number("1.000000000000000005")]),
        "number_1000000000000000.json": .value([.int(1_000_000_000_000_000)]),
        "number_10000000000000000999.json": .value([.number("10000000000000000999")]),
        "number_1e-999.json": .value([.double(0.0)]),
        "number_1e6.json": .value([.double(1_000_000.0)]),
        "number_9223372036854775807.json": .value([.int(Int64.max)]),
        "number_9223372036854775808.json": .value([.number("9223372036854775808")]),
        // Swift strings compare by canonical equivalence, so "é" and "e\u{301}" are one key:
        // the last value wins, under the first key's spelling.
        "object_key_nfc_nfd.json": .value(.object(JSONObject(uniqueMembers: [.init(key: "\u{E9}", value: "NFD")]))),
        "object_key_nfd_nfc.json": .value(.object(JSONObject(uniqueMembers: [.init(key: "e\u{301}", value: "NFC")]))),
        "object_same_key_different_values.json": .value(["a": 2]),
        "object_same_key_same_value.json": .value(["a": 1]),
        "object_same_key_unclear_values.json": .value(["a": .double(-0.0)]),
        "string_1_escaped_invalid_codepoint.json": .rejects(.invalidString),
        "string_1_invalid_codepoint.json": .rejects(.invalidUTF8),
        "string_2_escaped_invalid_codepoints.json": .rejects(.invalidString),
        "string_2_invalid_codepoints.json": .rejects(.invalidUTF8),
        "string_3_escaped_invalid_codepoints.json": .rejects(.invalidString),
        "string_3_invalid_codepoints.json": .rejects(.invalidUTF8),
        "string_with_escaped_NULL.json": .value(["A\u{0}B"]),
    ]

    @Test("every transform file reads as recorded")
    func readsAsRecorded() throws {
        let files = try JSONTestSuite.files(in: "test_transform")
        #expect(Set(files.map(\.name)) == Set(Self.readings.keys))
        for file in files {
            let reading = try #require(Self.readings[file.name], "\(file.name) is not in the table")
            switch reading {
            case .value(let expected):
                let parsed = try JSONValue(parsing: file.bytes)
                #expect(parsed.isIdentical(to: expected), "\(file.name): \(parsed.serialized())")
            case .rejects(let code):
                #expect(throws: JSONParseError.self, "\(file.name)") { try JSONValue(parsing: file.bytes) }
                do {
                    _ = try JSONValue(parsing: file.bytes)
                } catch {
                    #expect(error.code == code, "\(file.name)")
                }
            }
        }
    }
}
