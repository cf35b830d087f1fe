import BatonCore
import CoreTestSupport
import Testing

/// Parsing values, numbers, strings, objects and the limits.
@Suite("JSON parser")
struct JSONParserTests {
    static func parse(_ text: String, options: JSONParseOptions = .init()) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8), options: options)
    }

    static func failure(_ text: String, options: JSONParseOptions = .init()) -> JSONParseError? {
        failure(Array(text.utf8), options: options)
    }

    static func failure(_ bytes: [UInt8], options: JSONParseOptions = .init()) -> JSONParseError? {
        do {
            let value = try JSONValue(parsing: bytes, options: options)
            Issue.record("expected an error, parsed \(value.serialized())")
            return nil
        } catch {
            return error
        }
    }

    @Test("scalars, lists and objects, with white space anywhere RFC 8259 allows it")
    func values() throws {
        #expect(try Self.parse("null") == .null)
        #expect(try Self.parse(" true ") == .bool(true))
        #expect(try Self.parse("\tfalse\r\n") == .bool(false))
        #expect(try Self.parse("\"hi\"") == .string("hi"))
        #expect(try Self.parse("[]") == .list([]))
        #expect(try Self.parse("{}") == .object(JSONObject()))
        #expect(try Self.parse(" [ 1 , [ ] , { } , \"x\" ] ") == [1, [], .object(JSONObject()), "x"])
        let object = try Self.parse(#"{ "b" : 1 , "a" : { "c" : [ null ] } }"#)
        #expect(object.objectValue?.keys == ["b", "a"])
        #expect(object["a"]?["c"]?[0] == .null)
    }

    @Test("the three entry points read the same bytes the same way")
    func entryPoints() throws {
        let text = #"{"a":[1,2.5,"é😀"]}"#
        let fromString = try JSONValue(parsing: text)
        let fromBytes = try JSONValue(parsing: Array(text.utf8))
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { try JSONValue(parsing: $0) }
        #expect(fromString == fromBytes)
        #expect(fromBuffer == fromBytes)
        #expect(fromBytes["a"]?[2] == "é😀")
    }

    @Test("integers that fit Int64 stay exact; others keep their text unless a double gives them back")
    func integers() throws {
        #expect(try Self.parse("0") == .int(0))
        #expect(try Self.parse("-1") == .int(-1))
        #expect(try Self.parse("9223372036854775807") == .int(Int64.max))
        #expect(try Self.parse("-9223372036854775808") == .int(Int64.min))
        #expect(try Self.parse("9223372036854775808") == .number("9223372036854775808"))
        #expect(try Self.parse("-9223372036854775809") == .number("-9223372036854775809"))
        #expect(try Self.parse("18446744073709551615") == .number("18446744073709551615"))
        #expect(try Self.parse("123456789012345678901234567890") == .number("123456789012345678901234567890"))
        #expect(try Self.parse("100000000000000000000") == .double(1e20), "a double's value, written out")
        #expect(try Self.parse("0.30000000000000004") == .double(0.30000000000000004), "a double's shortest text")
        #expect(try Self.parse("0.1000000000000000055511151231257827") == .number("0.1000000000000000055511151231257827"))
        #expect(try Self.parse("-1.2345678901234567890e-5") == .number("-1.2345678901234567890e-5"))
        #expect(try Self.parse("1000000000000000000") == .int(1_000_000_000_000_000_000))
    }

    @Test("-0 is the double -0.0, keeping its sign")
    func negativeZero() throws {
        let value = try Self.parse("-0")
        guard case .double(let double) = value else {
            Issue.record("expected a double, got \(value)")
            return
        }
        #expect(double == 0 && double.sign == .minus)
        #expect(try Self.parse("0") == .int(0))
    }

    @Test(
        "doubles are correctly rounded",
        arguments: [
            "0.1", "1.0", "2.5", "1e2", "1E+2", "1e-2", "-1.5e-3", "0.30000000000000004",
            "2.2250738585072011e-308", "2.2250738585072014e-308", "1.7976931348623157e308",
            "4.9e-324", "5e-324", "9007199254740993", "9007199254740993.0", "0.000001234567890123456789",
            "123456.789e3", "1e22", "1e23", "8.98846567431158e307", "3.141592653589793238462643383279",
            "0e999999", "1e-400", "100000000000000000000000000000000000000000e-40",
        ])
    func doubles(text: String) throws {
        let expected = try #require(Double(text))
        let value = try Self.parse(text)
        let parsed = try #require(value.doubleValue)
        if text.contains(".") || text.contains("e") || text.contains("E") {
            // Digits a double does not give back keep their text, whose doubleValue is the same double.
            #expect(value == .double(expected) || value == .number(text))
        }
        #expect(parsed.bitPattern == expected.bitPattern)
    }

    @Test("random decimal texts read exactly as the standard library reads them")
    func randomDecimals() throws {
        var generator = SeededGenerator(seed: 0xD0B1E)
        for _ in 0..<5_000 {
            let digits = Int.random(in: 1...24, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &generator)) }
            let point = Int.random(in: 1...text.count, using: &generator)
            if point < text.count && text.last != "-" {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
                if text.hasSuffix(".") { text += "0" }
                if text.hasPrefix("-.") || text.hasPrefix(".") { continue }
            }
            if Bool.random(using: &generator) { text += "e\(Int.random(in: -330...310, using: &generator))" }
            let expected = try #require(Double(text))
            guard expected.isFinite else {
                #expect(Self.failure(text)?.code == .invalidNumber, "\(text)")
                continue
            }
            let parsed = try #require(try Self.parse(text).doubleValue, "\(text)")
            #expect(parsed.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(
        "numbers that break the grammar are rejected",
        arguments: [
            ("01", JSONParseError.Code.invalidNumber), ("-01", .invalidNumber), ("1.", .unexpectedEnd), ("[1.]", .invalidNumber),
            ("1.e3", .invalidNumber), ("1e", .unexpectedEnd), ("[1e]", .invalidNumber), ("1e+", .unexpectedEnd), ("-", .unexpectedEnd),
            ("-a", .invalidNumber), (".5", .unexpectedCharacter), ("+1", .unexpectedCharacter),
            ("NaN", .invalidNumber), ("Infinity", .invalidNumber), ("-Infinity", .invalidNumber),
            ("1e400", .invalidNumber), ("-1e400", .invalidNumber), ("0x10", .trailingContent), ("1 2", .trailingContent),
        ])
    func badNumbers(text: String, code: JSONParseError.Code) {
        #expect(Self.failure(text)?.code == code, "\(text)")
    }

    @Test("every escape decodes")
    func escapes() throws {
        let value = try Self.parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20AC \ud83d\ude00 \u0000""#)
        #expect(value == .string("\" \\ / \u{8} \u{C} \n \r \t A é € 😀 \u{0}"))
    }

    @Test("raw UTF-8 of every length reads as itself")
    func rawUnicode() throws {
        let text = "aé€😀中\u{10FFFF}"
        #expect(try Self.parse("\"\(text)\"") == .string(text))
        #expect(try Self.parse("[\"\(text)\", \"\(text)\\n\"]") == [.string(text), .string(text + "\n")])
    }

    @Test("a quote, backslash or control character is found at every position of a long string")
    func specialBytesAtEveryPosition() throws {
        for length in 0..<40 {
            let body = String(repeating: "x", count: length)
            #expect(try Self.parse("\"\(body)\"") == .string(body))
            #expect(try Self.parse("\"\(body)\\n\(body)\"") == .string(body + "\n" + body))
            #expect(try Self.parse("\"\(body)é\(body)\"") == .string(body + "é" + body))
            let raw = Array("\"\(body)".utf8) + [0x01] + Array("\(body)\"".utf8)
            let error = Self.failure(raw)
            #expect(error?.code == .invalidString)
            #expect(error?.offset == length + 1)
            let unterminated = Self.failure("\"\(body)")
            #expect(unterminated?.code == .unexpectedEnd)
        }
    }

    @Test(
        "bad strings are rejected",
        arguments: [
            (#""\x""#, JSONParseError.Code.invalidString), (#""\u12""#, .invalidString), (#""\u12G4""#, .invalidString),
            (#""\ud800""#, .invalidString), (#""\udc00""#, .invalidString), (#""\ud800\u0041""#, .invalidString),
            (#""\ud800x""#, .invalidString), ("\"\t\"", .invalidString), ("\"abc", .unexpectedEnd),
            (#""\"#, .unexpectedEnd), (#""\u00"#, .unexpectedEnd), ("'a'", .unexpectedCharacter),
        ])
    func badStrings(text: String, code: JSONParseError.Code) {
        #expect(Self.failure(text)?.code == code, "\(text)")
    }

    @Test(
        "ill-formed UTF-8 is rejected at the offending byte",
        arguments: [
            ([0xFF], 1), ([0xC0, 0xAF], 1), ([0xE0, 0x80, 0x80], 2), ([0xED, 0xA0, 0x80], 2),
            ([0xF4, 0x90, 0x80, 0x80], 2), ([0xF5, 0x80, 0x80, 0x80], 1), ([0x61, 0xC3], 3), ([0xE2, 0x82], 3),
        ] as [([UInt8], Int)])
    func badUTF8(content: [UInt8], offset: Int) {
        let error = Self.failure([0x22] + content + [0x22])
        #expect(error?.code == .invalidUTF8)
        #expect(error?.offset == offset)
    }

    @Test("a byte order mark is rejected")
    func byteOrderMark() {
        let error = Self.failure([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
        #expect(error?.code == .unexpectedCharacter)
        #expect(error?.offset == 0)
    }

    @Test("for repeated keys the last value wins, at the first key's position")
    func duplicateKeys() throws {
        let object = try #require(try Self.parse(#"{"a":1,"b":2,"a":3}"#).objectValue)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        let escaped = try #require(try Self.parse(#"{"a":1,"\u0061":2}"#).objectValue)
        #expect(escaped.count == 1 && escaped["a"] == 2)
        let canonical = try #require(try Self.parse("{\"\u{E9}\":1,\"e\u{301}\":2}").objectValue)
        #expect(canonical.count == 1 && canonical["\u{E9}"] == 2)
    }

    @Test("objects of every size keep all distinct keys and drop repeated ones")
    func manyKeys() throws {
        for size in [1, 15, 16, 17, 31, 32, 33, 100] {
            let keys = (0..<size).map { "key\($0)" }
            let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            let object = try #require(try Self.parse(text).objectValue)
            #expect(object.keys == keys)
            #expect(object["key\(size - 1)"] == .int(Int64(size - 1)))
            let repeated = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + ",\"key0\":1}"
            let merged = try #require(try Self.parse(repeated).objectValue)
            #expect(merged.count == size)
            #expect(merged["key0"] == 1)
        }
        // Long keys that share their first and last eight bytes are still different keys.
        let long = try #require(try Self.parse(#"{"abcdefgh-1-stuvwxyz":1,"abcdefgh-2-stuvwxyz":2}"#).objectValue)
        #expect(long.count == 2)
    }

    @Test("nesting up to the limit parses; one deeper is tooDeep")
    func depthLimit() throws {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try Self.parse(deepest) }
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(Self.failure(tooDeep)?.code == .tooDeep)
        #expect(Self.failure(tooDeep)?.offset == 512)
        let options = JSONParseOptions(maximumDepth: 2)
        #expect(throws: Never.self) { try Self.parse(#"{"a":[1]}"#, options: options) }
        #expect(Self.failure(#"{"a":[{}]}"#, options: options)?.code == .tooDeep)
    }

    @Test("100,000 nested arrays or objects give tooDeep, not a stack overflow")
    func hostileNesting() {
        let arrays = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(Self.failure(arrays)?.code == .tooDeep)
        let objects = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        #expect(Self.failure(objects)?.code == .tooDeep)
        let balanced = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(Self.failure(balanced)?.code == .tooDeep)
    }

    @Test("input over the size limit is tooLarge; at the limit it parses")
    func sizeLimit() throws {
        let text = #"{"a":[1,2,3]}"#
        #expect(throws: Never.self) { try Self.parse(text, options: JSONParseOptions(maximumBytes: text.utf8.count)) }
        let error = Self.failure(text, options: JSONParseOptions(maximumBytes: text.utf8.count - 1))
        #expect(error?.code == .tooLarge)
        #expect(error?.message == "Expected at most 12 bytes of JSON, found 13")
        #expect(error?.offset == 12)
        #expect(error?.column == 13)
    }
}
