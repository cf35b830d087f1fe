import Testing

@testable import BatonCore

/// Inputs the coverage-guided fuzz targets in Fuzz/ (`make fuzz`) found failing, each fed again
/// the way its target fed it, with the property the target checks.
@Suite struct FuzzCrashRegressionTests {
    /// `fuzz-multipart`: a part that starts as a JSON object with text after the object's end was
    /// a text part when the delimiter after it came in the same chunk, and an error when it came
    /// later; now it is the error however the body is cut.
    @Test func aJSONObjectPartWithTextAfterItFailsWhateverTheChunking() {
        let body = Array(
            "preamble\n--graphql\n\n{}\n\(String(repeating: "K", count: 78))--graphql \t\nX-Part: 1\n\ndext'part\n--graphql--\nepilogue".utf8)
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

    /// `fuzz-multipart`: an empty part (its blank line directly followed by the next delimiter)
    /// was read only when the blank line and the delimiter came in one chunk; cut after the
    /// blank line, the delimiter's LF had been dropped with the headers and the part was lost.
    @Test func anEmptyPartIsReadWhateverTheChunking() {
        let body = Array("--graphql\r\n\r\n--graphqlaaaaaaaaaacaaaaaaaaaaaaaaaaaaaaaWaaaahql--".utf8)
        let cuts = FuzzInputChunks.of(body, size: 4)
        #expect(MultipartMixedReaderFuzzTests.read([body], boundary: "graphql", maximumPartBytes: 64).parts == [MultipartPart(headers: [], body: [])])
        #expect(MultipartMixedReaderFuzzTests.read(cuts, boundary: "graphql", maximumPartBytes: 64).parts == [MultipartPart(headers: [], body: [])])
        let parts = Array("--graphql\n\n--graphql\nA: b\n\n\n--graphql\r\n\r\n{}\r\n--graphql--".utf8)
        let expected = [
            MultipartPart(headers: [], body: []), MultipartPart(headers: [HeaderField(name: "A", value: "b")], body: []),
            MultipartPart(headers: [], body: Array("{}".utf8)),
        ]
        for size in 1...parts.count {
            #expect(
                MultipartMixedReaderFuzzTests.read(FuzzInputChunks.of(parts, size: size), boundary: "graphql").parts == expected, "chunks of \(size)")
        }
    }
}

/// Cuts bytes as the fuzz targets do: chunks of `size` bytes, the last one shorter.
enum FuzzInputChunks {
    static func of(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
        stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
    }
}
