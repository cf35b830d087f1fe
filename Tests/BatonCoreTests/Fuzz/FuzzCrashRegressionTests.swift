import Testing

@testable import BatonCore

/// Inputs the coverage-guided fuzz targets in Fuzz/ (`make fuzz`) found failing, each fed again
/// the way its target fed it, with the property the target checks.
@Suite struct FuzzCrashRegressionTests {
    /// `fuzz-multipart`: a part that starts as a JSON object with text after the object's end was
    /// a text part when the delimiter after it came in the same chunk, and an error when it came
    /// later; now it is the error however the body is cut.
    @Test func aJSONObjectPartWithTextAfterItFailsWhateverTheChunking() {
        let body = Array("preamble\n--graphql\n\n{}\n\(String(repeating: "K", count: 78))--graphql \t\nX-Part: 1\n\ndext'part\n--graphql--\nepilogue".utf8)
        let whole = MultipartMixedReaderFuzzTests.read([body], boundary: "graphql")
        let bytes = MultipartMixedReaderFuzzTests.read(body.map { [$0] }, boundary: "graphql")
        #expect(whole.error == MultipartError("a part has bytes after its JSON object (first: 0x4b)"))
        #expect(bytes.error == whole.error)
        #expect(bytes.parts == [MultipartPart(headers: [], body: Array("{}".utf8))])
        // The object and white space up to the delimiter still read the same both ways.
        let clean = Array("--graphql\n\n{\"a\":1} \r\n--graphql\n\ntext\n--graphql--".utf8)
        let expected = [MultipartPart(headers: [], body: Array("{\"a\":1}".utf8)), MultipartPart(headers: [], body: Array("text".utf8))]
        #expect(MultipartMixedReaderFuzzTests.read([clean], boundary: "graphql").parts == expected)
        #expect(MultipartMixedReaderFuzzTests.read(clean.map { [$0] }, boundary: "graphql").parts == expected)
    }
}
