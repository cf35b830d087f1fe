import CoreTestSupport
import Testing

@testable import BatonCore

/// Seeded, repeatable fuzzing of the `multipart/mixed` reader: generated bodies give the parts they
/// were built from however they are cut into chunks, and mutated bodies give parts or a
/// ``MultipartError``, never a trap, while the reader holds no more than its limits allow.
@Suite struct MultipartMixedReaderFuzzTests {
    /// RFC 2046 §5.1.1 `bcharsnospace`.
    static let boundaryCharacters = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=?".utf8)
    static let crlf: [UInt8] = [0x0D, 0x0A]
    static let lf: [UInt8] = [0x0A]

    /// A body and the parts it was built from.
    struct Body {
        var boundary: String
        var bytes: [UInt8]
        var parts: [MultipartPart]
    }

    static func boundary(length: ClosedRange<Int>, using generator: inout SeededGenerator) -> String {
        String(decoding: (0..<Int.random(in: length, using: &generator)).map { _ in generator.pick(boundaryCharacters) }, as: UTF8.self)
    }

    /// A part body that is not a JSON object: text with line ends, dashes and the boundary's
    /// first characters, but never a delimiter, and not starting with `{`.
    static func textBody(boundary: String, using generator: inout SeededGenerator) -> [UInt8] {
        let delimiter = Array("\n--\(boundary)".utf8)
        let pieces: [[UInt8]] = [
            Array("text".utf8), [0x0A], crlf, Array("--".utf8), Array("\n--".utf8), Array("\r\n--".utf8),
            Array("--\(boundary.dropLast())".utf8), Array("\n--\(boundary.dropLast())".utf8), [0x00], [0xFF], Array("é".utf8),
        ]
        while true {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) { body += generator.pick(pieces) }
            let hasDelimiter =
                body.count >= delimiter.count
                && (0...(body.count - delimiter.count)).contains { body[$0..<($0 + delimiter.count)].elementsEqual(delimiter) }
            let startsAnObject = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
            if !hasDelimiter, !startsAnObject, body.last != 0x0D { return body }
        }
    }

    static func jsonBody(using generator: inout SeededGenerator) -> [UInt8] {
        var object = JSONObject()
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            object[JSONValueGenerator.string(using: &generator)] = JSONValueGenerator.value(depth: 3, using: &generator)
        }
        return JSONValue.object(object).serializedBytes()
    }

    /// A valid body of up to `maximumParts` parts, with a preamble, padding after delimiters,
    /// CRLF or bare LF line ends, and an epilogue.
    static func body(maximumParts: Int = 4, boundaryLength: ClosedRange<Int> = 1...70, using generator: inout SeededGenerator) -> Body {
        let boundary = boundary(length: boundaryLength, using: &generator)
        var bytes: [UInt8] = []
        var parts: [MultipartPart] = []
        func lineEnd(_ generator: inout SeededGenerator) -> [UInt8] { Bool.random(using: &generator) ? crlf : lf }
        if Bool.random(using: &generator) {
            bytes += Array("This is the preamble. --\(boundary.dropLast()) is not a delimiter.".utf8) + lineEnd(&generator)
        }
        for _ in 0..<Int.random(in: 0...maximumParts, using: &generator) {
            bytes += Array("--\(boundary)".utf8) + generator.pick([[], [0x20], [0x09, 0x20]]) + lineEnd(&generator)
            var headers: [HeaderField] = []
            for index in 0..<Int.random(in: 0...2, using: &generator) {
                let field =
                    index == 0
                    ? HeaderField(name: "Content-Type", value: "application/json; charset=utf-8")
                    : HeaderField(name: "X-Part-\(index)", value: "value: \(index)")
                headers.append(field)
                bytes += Array("\(field.name): \(field.value)".utf8) + lineEnd(&generator)
            }
            bytes += lineEnd(&generator)
            let body =
                Bool.random(using: &generator)
                ? jsonBody(using: &generator) : textBody(boundary: boundary, using: &generator)
            parts.append(MultipartPart(headers: headers, body: body))
            bytes += body + lineEnd(&generator)
        }
        bytes += Array("--\(boundary)--".utf8)
        if Bool.random(using: &generator) {
            bytes += lineEnd(&generator) + Array("epilogue\r\n--\(boundary)\r\n\r\n{\"ignored\":1}".utf8)
        }
        return Body(boundary: boundary, bytes: bytes, parts: parts)
    }

    /// Reads `chunks` in order; the parts, or the error that stopped the reader.
    static func read(
        _ chunks: [[UInt8]], boundary: String, maximumPartBytes: Int = MultipartMixedReader.defaultMaximumPartBytes
    ) -> (parts: [MultipartPart], error: MultipartError?, isClosed: Bool) {
        var reader = MultipartMixedReader(boundary: boundary, maximumPartBytes: maximumPartBytes)
        var parts: [MultipartPart] = []
        // What the reader may hold between chunks: a part and a delimiter's start, or a header section.
        let bound = max(maximumPartBytes + boundary.utf8.count + 4, 16 * 1024 + 1)
        for chunk in chunks {
            do {
                parts += try reader.read(chunk)
            } catch {
                return (parts, error, reader.isClosed)
            }
            #expect(reader.bufferedByteCount <= bound, "holds \(reader.bufferedByteCount) bytes")
        }
        return (parts, nil, reader.isClosed)
    }

    @Test func generatedBodiesGiveTheirPartsWhateverTheChunking() {
        var generator = SeededGenerator(seed: 0x3017_2026)
        let bodies = 400
        let chunkings = 10
        let elapsed = ContinuousClock().measure {
            for _ in 0..<bodies {
                let body = Self.body(using: &generator)
                for round in 0..<chunkings {
                    let chunks = round == 0 ? [body.bytes] : generator.chunks(of: body.bytes)
                    let result = Self.read(chunks, boundary: body.boundary)
                    #expect(result.error == nil, "\(String(decoding: body.bytes, as: UTF8.self).debugDescription)")
                    #expect(result.parts == body.parts, "\(String(decoding: body.bytes, as: UTF8.self).debugDescription)")
                    #expect(result.isClosed)
                }
            }
        }
        print("MultipartMixedReaderFuzzTests: \(bodies) bodies × \(chunkings) chunkings in \(elapsed)")
    }

    @Test func mutatedBodiesGivePartsOrAnErrorWithinTheLimits() {
        var generator = SeededGenerator(seed: 0x3018_2026)
        let cases = 4_000
        var failed = 0
        let elapsed = ContinuousClock().measure {
            for _ in 0..<cases {
                let body = Self.body(using: &generator)
                let pieces: [[UInt8]] = [
                    Self.crlf, Self.lf, [0x0D], Array("--".utf8), Array("--\(body.boundary)".utf8),
                    Array("\r\n--\(body.boundary)--".utf8), Array("\n--\(body.boundary.prefix(3))".utf8),
                    Array("\r\n--\(body.boundary)\r\n".utf8), Array("{".utf8), Array("}".utf8), Array("\"".utf8),
                    Array("\\".utf8), Array("Content-Type: text/plain\r\n".utf8), Array(":".utf8), [0x00], [0xFF],
                ]
                var bytes = generator.mutate(body.bytes, pieces: pieces)
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: bytes = bytes.filter { $0 != 0x0D }  // bare LF everywhere
                case 1: bytes = bytes.filter { $0 != 0x0A }  // no line feeds at all
                default: break
                }
                let result = Self.read(generator.chunks(of: bytes), boundary: body.boundary, maximumPartBytes: 96)
                if result.error != nil { failed += 1 }
                #expect(result.parts.allSatisfy { $0.body.count <= 96 })
            }
        }
        #expect(failed > cases / 20)
        #expect(failed < cases - cases / 20)
        print("MultipartMixedReaderFuzzTests: \(cases) mutated bodies, \(failed) failed, in \(elapsed)")
    }

    @Test func randomBytesGivePartsOrAnError() {
        var generator = SeededGenerator(seed: 0x3019_2026)
        let alphabet = Array("-\r\n{}\":ab ".utf8)
        for _ in 0..<4_000 {
            let bytes = Array("--ab\r\n".utf8) + generator.bytes(upTo: 200, alphabet: alphabet)
            let result = Self.read(generator.chunks(of: bytes), boundary: "ab", maximumPartBytes: 64)
            #expect(result.parts.allSatisfy { $0.body.count <= 64 })
        }
    }

    @Test func hugeBoundariesAreReadInTimeLinearInTheBody() {
        var generator = SeededGenerator(seed: 0x301A_2026)
        // Byte by byte, with bodies full of the delimiter's first bytes: the search must not rescan.
        let body = Self.body(maximumParts: 3, boundaryLength: 20_000...20_000, using: &generator)
        let elapsed = ContinuousClock().measure {
            let result = Self.read(body.bytes.map { [$0] }, boundary: body.boundary)
            #expect(result.parts == body.parts)
        }
        #expect(elapsed < .seconds(20))
        print("MultipartMixedReaderFuzzTests: a 20,000-byte boundary over \(body.bytes.count) bytes in \(elapsed)")
    }

    // MARK: - Limits

    @Test func aPartLongerThanTheLimitFailsWhateverTheChunking() {
        for body in [String(repeating: "x", count: 101), "{\"a\":\"" + String(repeating: "x", count: 93) + "\"}"] {
            let bytes = Array("--b\r\n\r\n\(body)\r\n--b--".utf8)
            let chunkings = (0...bytes.count).map { [Array(bytes[..<$0]), Array(bytes[$0...])] } + [bytes.map { [$0] }]
            for chunks in chunkings {
                let result = Self.read(chunks, boundary: "b", maximumPartBytes: 100)
                #expect(result.error?.message == "a part is longer than 100 bytes", "\(body)")
                #expect(result.parts.isEmpty)
            }
            // One byte shorter fits.
            let fitting = Array("--b\r\n\r\n\(body.dropFirst())\r\n--b--".utf8)
            #expect(Self.read([fitting], boundary: "b", maximumPartBytes: 100).parts.first?.body.count == 100)
        }
    }

    @Test func aPartThatNeverEndsFailsOnceItPassesTheLimit() throws {
        var reader = MultipartMixedReader(boundary: "b", maximumPartBytes: 64 * 1024)
        _ = try reader.read(Array("--b\r\n\r\n".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1_024)
        var read = 0
        do {
            while read < 1 << 20 {
                _ = try reader.read(chunk)
                read += chunk.count
                #expect(reader.bufferedByteCount <= 64 * 1024 + 8)
            }
            Issue.record("a 1 MiB part was read past a 64 KiB limit")
        } catch {
            #expect(error.message == "a part is longer than 65536 bytes")
            #expect(read < 65 * 1024)
        }
    }

    @Test func aHeaderSectionOfManyShortLinesFails() {
        let headers = String(repeating: "X-Field: value\r\n", count: 1_100)
        let bytes = Array("--b\r\n\(headers)\r\n{}\r\n--b--".utf8)
        for chunks in [[bytes], bytes.map { [$0] }] {
            let result = Self.read(chunks, boundary: "b")
            #expect(result.error?.message == "a part's header section is longer than 16384 bytes")
        }
        let fewer = Array("--b\r\n\(String(repeating: "X-Field: value\r\n", count: 1_000))\r\n{}\r\n--b--".utf8)
        #expect(Self.read([fewer], boundary: "b").parts.first?.headers.count == 1_000)
    }

    /// A megabyte without a line feed in each place a line may be: the preamble is dropped as it
    /// comes, the others fail once past their limit; the reader never holds much more.
    @Test(arguments: ["preamble", "delimiter line", "header line", "part"])
    func enormousSingleLinesStayBounded(_ place: String) {
        let start: [UInt8] =
            switch place {
            case "preamble": []
            case "delimiter line": Array("--b".utf8)
            case "header line": Array("--b\r\nX-Long: ".utf8)
            default: Array("--b\r\n\r\n".utf8)
            }
        var reader = MultipartMixedReader(boundary: "b", maximumPartBytes: 64 * 1_024)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4_096)
        var error: MultipartError?
        do {
            _ = try reader.read(start)
            for _ in 0..<256 {
                _ = try reader.read(chunk)
                #expect(reader.bufferedByteCount <= 64 * 1_024 + 4_096)
            }
        } catch let caught {
            error = caught
        }
        #expect((error == nil) == (place == "preamble"), "\(place): \(String(describing: error))")
        if place == "preamble" { #expect(reader.bufferedByteCount < 8) }
    }
}
