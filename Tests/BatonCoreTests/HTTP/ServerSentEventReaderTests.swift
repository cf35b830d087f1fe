import Testing

@testable import BatonCore

@Suite struct ServerSentEventReaderTests {
    static let stream = Array(
        ("\u{FEFF}: a comment the reader skips\r\n"
            + "event: next\r\n"
            + "data: {\"data\":{\"countdown\":{\"value\":3}}}\r\n"
            + "\r\n"
            + "event:next\n"
            + "data: {\"data\":\n"
            + "data:{\"countdown\":{\"value\":2}}}\n"
            + "id: 7\n"
            + "retry: 1000\n"
            + "\n"
            + ":keep-alive\r\r"
            + "data\r"
            + "\r"
            + "event: complete\r\n"
            + "data:\r\n"
            + "\r\n"
            + "event: next\r\n"
            + "data: an event still open when the body ends is dropped\r\n").utf8)

    static let expected = [
        ServerSentEvent(type: "next", data: "{\"data\":{\"countdown\":{\"value\":3}}}", id: nil),
        ServerSentEvent(type: "next", data: "{\"data\":\n{\"countdown\":{\"value\":2}}}", id: "7"),
        ServerSentEvent(type: "message", data: "", id: "7"),
        ServerSentEvent(type: "complete", data: "", id: "7"),
    ]

    @Test func readsAWholeStream() throws {
        var reader = ServerSentEventReader()
        #expect(try reader.read(Self.stream) == Self.expected)
    }

    @Test func splitAtEveryBytePositionGivesTheSameEvents() throws {
        for split in 0...Self.stream.count {
            var reader = ServerSentEventReader()
            var events = try reader.read(Self.stream[..<split])
            events += try reader.read(Self.stream[split...])
            #expect(events == Self.expected, "split at \(split)")
        }
    }

    @Test func byteAtATimeGivesTheSameEvents() throws {
        var reader = ServerSentEventReader()
        var events: [ServerSentEvent] = []
        for byte in Self.stream { events += try reader.read([byte]) }
        #expect(events == Self.expected)
    }

    @Test func aCRAtTheEndOfAChunkPairsWithALFAtTheStartOfTheNext() throws {
        var reader = ServerSentEventReader()
        var events = try reader.read(Array("data: a\r".utf8))
        events += try reader.read(Array("\ndata: b\r\n\r".utf8))
        events += try reader.read(Array("\n".utf8))
        #expect(events == [ServerSentEvent(type: "message", data: "a\nb", id: nil)])
    }

    @Test func aBareEventFieldIsDelivered() throws {
        var reader = ServerSentEventReader()
        let events = try reader.read(Array("event: complete\n\n".utf8))
        #expect(events == [ServerSentEvent(type: "complete", data: "", id: nil)])
    }

    @Test func onlyCommentsDeliverNothing() throws {
        var reader = ServerSentEventReader()
        #expect(try reader.read(Array(":\n\n: ping\n\n".utf8)).isEmpty)
    }

    @Test func onlyOneSpaceAfterTheColonIsRemoved() throws {
        var reader = ServerSentEventReader()
        let events = try reader.read(Array("data:  two spaces\n\n".utf8))
        #expect(events.map(\.data) == [" two spaces"])
    }
}
