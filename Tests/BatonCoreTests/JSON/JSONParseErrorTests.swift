import BatonCore
import Testing

/// Errors say what was expected, and exactly where: byte offset, line and column.
@Suite("JSON parse errors")
struct JSONParseErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var code: JSONParseError.Code
        var offset: Int
        var line: Int
        var column: Int
        var message: String

        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(
            text: "", code: .unexpectedEnd, offset: 0, line: 1, column: 1,
            message: "Expected a value, found the end of the input"),
        Case(
            text: "  \n ", code: .unexpectedEnd, offset: 4, line: 2, column: 2,
            message: "Expected a value, found the end of the input"),
        Case(
            text: "[1,]", code: .unexpectedCharacter, offset: 3, line: 1, column: 4,
            message: "Expected a value after ',', found ']'; trailing commas are not allowed"),
        Case(
            text: "{\"a\":1,}", code: .unexpectedCharacter, offset: 7, line: 1, column: 8,
            message: "Expected a string key after ',', found '}'; trailing commas are not allowed"),
        Case(
            text: "{\n  \"a\": 1\n  \"b\": 2\n}", code: .unexpectedCharacter, offset: 13, line: 3, column: 3,
            message: "Expected ',' or '}' after an object member, found '\"'"),
        Case(
            text: "{\"a\" 1}", code: .unexpectedCharacter, offset: 5, line: 1, column: 6,
            message: "Expected ':' after an object key, found '1'"),
        Case(
            text: "{1:2}", code: .unexpectedCharacter, offset: 1, line: 1, column: 2,
            message: "Expected a string key or '}', found '1'"),
        Case(
            text: "[1 2]", code: .unexpectedCharacter, offset: 3, line: 1, column: 4,
            message: "Expected ',' or ']' after an array element, found '2'"),
        Case(
            text: "[\n\ttrue,\n\tfalze\n]", code: .unexpectedCharacter, offset: 13, line: 3, column: 5,
            message: "Expected 'false', found 'z'"),
        Case(
            text: "[nul", code: .unexpectedEnd, offset: 4, line: 1, column: 5,
            message: "Expected 'null', found the end of the input"),
        Case(
            text: "[1,\n  @]", code: .unexpectedCharacter, offset: 6, line: 2, column: 3,
            message: "Expected a value (object, array, string, number, true, false or null), found '@'"),
        Case(
            text: "{} x", code: .trailingContent, offset: 3, line: 1, column: 4,
            message: "Expected the end of the input after the JSON value, found 'x'"),
        Case(
            text: "[012]", code: .invalidNumber, offset: 2, line: 1, column: 3,
            message: "Expected '.', 'e' or the end of the number after a leading '0', found a digit; leading zeros are not allowed"),
        Case(
            text: "[1.]", code: .invalidNumber, offset: 3, line: 1, column: 4,
            message: "Expected a digit after '.', found ']'"),
        Case(
            text: "[1e+]", code: .invalidNumber, offset: 4, line: 1, column: 5,
            message: "Expected a digit in the exponent, found ']'"),
        Case(
            text: "[-x]", code: .invalidNumber, offset: 2, line: 1, column: 3,
            message: "Expected a digit after '-', found 'x'"),
        Case(
            text: "[NaN]", code: .invalidNumber, offset: 1, line: 1, column: 2,
            message: "Expected a value, found 'N'; NaN and Infinity are not JSON numbers"),
        Case(
            text: "\n\n  1e999", code: .invalidNumber, offset: 4, line: 3, column: 3,
            message: "Expected a number within the range of a 64-bit double (magnitude below 1.8e308), found 1e999"),
        Case(
            text: "[\"a\nb\"]", code: .invalidString, offset: 3, line: 1, column: 4,
            message: "Expected control character U+000A to be escaped in a string, found it raw"),
        Case(
            text: "\"ab\\q\"", code: .invalidString, offset: 4, line: 1, column: 5,
            message: "Expected an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and 4 hex digits) after '\\', found 'q'"),
        Case(
            text: "\"\\u12x4\"", code: .invalidString, offset: 5, line: 1, column: 6,
            message: "Expected 4 hex digits after '\\u', found 'x'"),
        Case(
            text: "[\"\\uD83D\"]", code: .invalidString, offset: 2, line: 1, column: 3,
            message: "Expected a Unicode scalar or a surrogate pair, found \\uD83D, a high surrogate with no low surrogate (\\uDC00–\\uDFFF) after it"
        ),
        Case(
            text: "\"\\uDE00\"", code: .invalidString, offset: 1, line: 1, column: 2,
            message: "Expected a Unicode scalar or a surrogate pair, found \\uDE00, a low surrogate with no high surrogate before it"),
        Case(
            text: "[\"abc", code: .unexpectedEnd, offset: 5, line: 1, column: 6,
            message: "Expected '\"' to close the string, found the end of the input"),
        Case(
            text: "{\"a\":", code: .unexpectedEnd, offset: 5, line: 1, column: 6,
            message: "Expected a value, found the end of the input"),
        Case(
            text: "[[]", code: .unexpectedEnd, offset: 3, line: 1, column: 4,
            message: "Expected ',' or ']' after an array element, found the end of the input"),
    ]

    @Test("code, message, offset, line and column", arguments: cases)
    func position(of testCase: Case) {
        do {
            let value = try JSONValue(parsing: testCase.text)
            Issue.record("expected an error, parsed \(value.serialized())")
        } catch {
            #expect(error.code == testCase.code)
            #expect(error.message == testCase.message)
            #expect(error.offset == testCase.offset)
            #expect(error.line == testCase.line)
            #expect(error.column == testCase.column)
            #expect(error.description == "\(testCase.message) at line \(testCase.line), column \(testCase.column) (byte \(testCase.offset))")
        }
    }

    @Test("invalid UTF-8 is reported at its byte, with lines counted before it")
    func utf8Position() {
        let bytes: [UInt8] = Array("[\n\"ok\",\n\"x".utf8) + [0xC3, 0x28] + Array("\"]".utf8)
        do {
            _ = try JSONValue(parsing: bytes)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .invalidUTF8)
            #expect(error.offset == 11)
            #expect(error.line == 3)
            #expect(error.column == 4)
            #expect(error.message == "Expected well-formed UTF-8 in a string, found byte 0x28")
        }
    }
}
