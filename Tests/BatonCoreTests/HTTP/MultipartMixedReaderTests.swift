import Testing

@testable import BatonCore

@Suite struct MultipartMixedReaderTests {
    static let body = Array(
        ("This is the preamble; it is ignored.\r\n"
            + "--graphql\r\n"
            + "Content-Type: application/json; charset=utf-8\r\n"
            + "\r\n"
            + "{\"data\":{\"a\":1},\"hasNext\":true}\r\n"
            + "--graphql\r\n"
            + "Content-Type: application/json\r\n"
            + "\r\n"
            + "{}\r\n"
            + "--graphql \t\r\n"
            + "\r\n"
            + "{\"incremental\":[{\"id\":\"0\",\"data\":{\"b\":\"--graphq\"}}],\"hasNext\":false}\r\n"
            + "--graphql--\r\n"
            + "the epilogue, also ignored\r\n--graphql\r\n\r\n{\"never\":1}").utf8)

    static let expected: [MultipartPart] = [
        MultipartPart(
            headers: [HeaderField(name: "Content-Type", value: "application/json; charset=utf-8")],
            body: Array("{\"data\":{\"a\":1},\"hasNext\":true}".utf8)
        ),
        MultipartPart(headers: [HeaderField(name: "Content-Type", value: "application/json")], body: Array("{}".utf8)),
        MultipartPart(headers: [], body: Array("{\"incremental\":[{\"id\":\"0\",\"data\":{\"b\":\"--graphq\"}}],\"hasNext\":false}".utf8)),
    ]

    @Test func readsWholeBodyInOneChunk() throws {
        var reader = MultipartMixedReader(boundary: "graphql")
        #expect(try reader.read(Self.body) == Self.expected)
        #expect(reader.isClosed)
    }

    @Test func splitAtEveryBytePositionGivesTheSameParts() throws {
        for split in 0...Self.body.count {
            var reader = MultipartMixedReader(boundary: "graphql")
            var parts = try reader.read(Self.body[..<split])
            parts += try reader.read(Self.body[split...])
            #expect(parts == Self.expected, "split at \(split)")
            #expect(reader.isClosed, "split at \(split)")
        }
    }

    @Test func splitAtEveryPairOfPositionsGivesTheSameParts() throws {
        let body = Self.body
        for first in stride(from: 0, through: body.count, by: 3) {
            for second in first...body.count {
                var reader = MultipartMixedReader(boundary: "graphql")
                var parts = try reader.read(body[..<first])
                parts += try reader.read(body[first..<second])
                parts += try reader.read(body[second...])
                #expect(parts == Self.expected, "split at \(first) and \(second)")
            }
        }
    }

    @Test func byteAtATimeDeliversEachPartWhenItsDelimiterArrives() throws {
        var reader = MultipartMixedReader(boundary: "graphql")
        var seen: [(offset: Int, part: MultipartPart)] = []
        for (offset, byte) in Self.body.enumerated() {
            for part in try reader.read([byte]) { seen.append((offset, part)) }
        }
        #expect(seen.map(\.part) == Self.expected)
        // A JSON part is complete at its closing brace, before the delimiter after it arrives.
        let firstBody = Array("{\"data\":{\"a\":1},\"hasNext\":true}".utf8)
        let start = try #require(Self.offset(of: firstBody, in: Self.body))
        #expect(seen[0].offset == start + firstBody.count - 1)
    }

    static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }

    @Test func noPreambleAndBareLineFeeds() throws {
        var reader = MultipartMixedReader(boundary: "-")
        let parts = try reader.read(Array("---\n\n{\"data\":{}}\n-----\n".utf8))
        #expect(parts == [MultipartPart(headers: [], body: Array("{\"data\":{}}".utf8))])
        #expect(reader.isClosed)
    }

    @Test func quotedAndUnusualBoundaries() throws {
        var reader = MultipartMixedReader(boundary: "abc'()+_,-./:=?")
        let parts = try reader.read(Array("--abc'()+_,-./:=?\r\n\r\n{}\r\n--abc'()+_,-./:=?--".utf8))
        #expect(parts.count == 1)
        #expect(reader.isClosed)
    }

    @Test func aBodyCutShortIsNotClosed() throws {
        let cut = Self.body.prefix(140)
        var reader = MultipartMixedReader(boundary: "graphql")
        let parts = try reader.read(cut)
        #expect(parts.count == 1)
        #expect(!reader.isClosed)
    }

    @Test func anEmptyPartHasAnEmptyBody() throws {
        var reader = MultipartMixedReader(boundary: "b")
        let parts = try reader.read(Array("--b\r\n\r\n\r\n--b--\r\n".utf8))
        #expect(parts == [MultipartPart(headers: [], body: [])])
    }

    @Test func aHeaderLineWithoutAColonIsAnError() {
        var reader = MultipartMixedReader(boundary: "b")
        #expect(throws: MultipartError.self) {
            _ = try reader.read(Array("--b\r\nnot a header\r\n\r\n{}\r\n--b--".utf8))
        }
    }

    @Test func keepsOnlyTheCurrentPartBuffered() throws {
        var reader = MultipartMixedReader(boundary: "b")
        let part = Array(repeating: UInt8(ascii: "x"), count: 1000)
        var delivered = 0
        _ = try reader.read(Array("--b\r\n\r\n".utf8))
        for _ in 0..<1000 {
            delivered += try reader.read(part + Array("\r\n--b\r\n\r\n".utf8)).count
            #expect(reader.bufferedByteCount < 16)
        }
        #expect(delivered == 1000)
    }

    @Test func aPartThatIsNotAnObjectWaitsForTheDelimiter() throws {
        var reader = MultipartMixedReader(boundary: "b")
        #expect(try reader.read(Array("--b\r\n\r\n[1, 2]".utf8)).isEmpty)
        #expect(try reader.read(Array("\r\n--b--".utf8)) == [MultipartPart(headers: [], body: Array("[1, 2]".utf8))])
    }

    @Test func delimitersBeforeEachPartStillDeliverEachPartAtOnce() throws {
        // The reference server's layout: delimiter, headers, JSON, and the next delimiter only
        // when the next part is ready.
        var reader = MultipartMixedReader(boundary: "-")
        let head = "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
        let first = try reader.read(Array((head + #"{"data":{"s":"}{\"]["},"hasNext":true}"#).utf8))
        #expect(first.map(\.body) == [Array(#"{"data":{"s":"}{\"]["},"hasNext":true}"#.utf8)])
        let second = try reader.read(Array((head + #"{"hasNext":false}"#).utf8))
        #expect(second.map(\.body) == [Array(#"{"hasNext":false}"#.utf8)])
        #expect(try reader.read(Array("\r\n-----\r\n".utf8)).isEmpty)
        #expect(reader.isClosed)
    }

    @Test func bytesAfterACompleteObjectAreAnError() throws {
        var reader = MultipartMixedReader(boundary: "b")
        #expect(try reader.read(Array("--b\r\n\r\n{\"a\":1} \r\n".utf8)).count == 1)
        #expect(throws: MultipartError.self) {
            _ = try reader.read(Array("oops\r\n--b--".utf8))
        }
    }
}
