import BatonCore
import CoreTestSupport
import Testing

/// Compact RFC 8259 output: escapes, numbers, key order.
@Suite("JSON serializer")
struct JSONSerializerTests {
    @Test("scalars")
    func scalars() {
        #expect(JSONValue.null.serialized() == "null")
        #expect(JSONValue.bool(true).serialized() == "true")
        #expect(JSONValue.bool(false).serialized() == "false")
        #expect(JSONValue.int(0).serialized() == "0")
        #expect(JSONValue.int(-42).serialized() == "-42")
        #expect(JSONValue.int(Int64.max).serialized() == "9223372036854775807")
        #expect(JSONValue.int(Int64.min).serialized() == "-9223372036854775808")
    }

    @Test(
        "doubles read back exactly and as doubles",
        arguments: [
            (1.0, "1.0"), (-0.0, "-0.0"), (0.0, "0.0"), (0.1, "0.1"), (2.5, "2.5"), (100.0, "100.0"),
            (1e16, "1e+16"), (1.5e-7, "1.5e-07"), (Double.leastNonzeroMagnitude, "5e-324"),
            (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (-123.456, "-123.456"),
        ])
    func doubles(value: Double, text: String) throws {
        #expect(JSONValue.double(value).serialized() == text)
        let reparsed = try JSONValue(parsing: text)
        #expect(reparsed.isIdentical(to: .double(value)))
    }

    @Test("infinity and NaN, which JSON cannot spell, are written as null")
    func nonFinite() {
        #expect(JSONValue.double(.infinity).serialized() == "null")
        #expect(JSONValue.double(-.infinity).serialized() == "null")
        #expect(JSONValue.double(.nan).serialized() == "null")
        #expect(JSONValue.list([.double(.nan), 1]).serialized() == "[null,1]")
    }

    @Test("strings escape quotes, backslashes and control characters, and nothing else")
    func strings() {
        let value = JSONValue.string("\"\\/\u{8}\u{C}\n\r\t\u{0}\u{1F}\u{7F}é😀\u{2028}")
        #expect(value.serialized() == "\"\\\"\\\\/\\b\\f\\n\\r\\t\\u0000\\u001f\u{7F}é😀\u{2028}\"")
        #expect(JSONValue.string("").serialized() == "\"\"")
        #expect(JSONValue.string(String(repeating: "abc", count: 50)).serialized() == "\"\(String(repeating: "abc", count: 50))\"")
    }

    @Test("members keep their order, or sort by code point when asked, at every level")
    func keyOrder() {
        let value: JSONValue = ["b": 1, "a": ["d": 1, "c": 2], "é": 0, "Z": [["y": 1, "x": 2]]]
        #expect(value.serialized() == #"{"b":1,"a":{"d":1,"c":2},"é":0,"Z":[{"y":1,"x":2}]}"#)
        #expect(value.serialized(sortingKeys: true) == #"{"Z":[{"x":2,"y":1}],"a":{"c":2,"d":1},"b":1,"é":0}"#)
    }

    @Test("empty and nested containers")
    func containers() {
        let value: JSONValue = [[], .object(JSONObject()), [.object(JSONObject()), [[]]], ["k": []]]
        #expect(value.serialized() == #"[[],{},[{},[[]]],{"k":[]}]"#)
    }

    @Test("deep values are written without recursion")
    func deepValue() throws {
        var value: JSONValue = "leaf"
        for index in 0..<5_000 {
            value = index.isMultiple(of: 2) ? .list([value, 1]) : .object(["k": value])
        }
        let bytes = value.serializedBytes()
        #expect(bytes.count == 5_000 * 2 + 2_500 * 2 + 2_500 * 4 + 6)
        #expect(throws: Never.self) { try JSONValue(parsing: bytes, options: JSONParseOptions(maximumDepth: 5_000)) }
    }

    @Test("the String form is the bytes' text")
    func stringForm() {
        let value: JSONValue = ["a": ["é", 1.5, nil, true]]
        #expect(value.serialized() == String(decoding: value.serializedBytes(), as: UTF8.self))
    }
}
