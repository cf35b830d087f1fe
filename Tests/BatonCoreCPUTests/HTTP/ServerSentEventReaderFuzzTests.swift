import CoreTestSupport
import Testing

@testable import BatonCore

/// Seeded, repeatable fuzzing of the `text/event-stream` reader: generated streams give the events
/// they were built from however they are cut into chunks, mutated streams give events or a
/// ``ServerSentEventError``, never a trap, and no line or event grows past the limit.
@Suite struct ServerSentEventReaderFuzzTests {
    /// A stream and the events it was built from.
    struct Stream {
        var bytes: [UInt8]
        var events: [ServerSentEvent]
    }

    static let valuePieces = ["{", "\"data\"", ":", " ", "é", "😀", "\u{0}", "x", "--", "\t", "data: x", "event"]

    static func value(using generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &generator)).map { _ in generator.pick(valuePieces) }.joined()
    }

    /// A stream of up to eight events, with comments, unknown fields, `id` and `retry`, every kind
    /// of line end, an optional byte order mark and an optional unfinished event at the end.
    static func stream(using generator: inout SeededGenerator) -> Stream {
        var lines: [String] = []
        var events: [ServerSentEvent] = []
        var id: String?
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            var type: String?
            var data: [String] = []
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                let value = value(using: &generator)
                let space = Bool.random(using: &generator) ? " " : ""
                switch Int.random(in: 0..<8, using: &generator) {
                case 0: lines.append(":" + value)
                case 1:
                    type = generator.pick(["next", "complete", "message", "", "x y"])
                    lines.append("event:" + space + (type ?? ""))
                case 2:
                    if value.contains("\u{0}") {
                        lines.append("id: " + value)  // an id with NUL is ignored
                    } else {
                        id = value
                        lines.append(value.hasPrefix(" ") ? "id: " + value : "id:" + space + value)
                    }
                case 3: lines.append("retry: 1000")
                case 4: lines.append("unknown" + space + value)
                case 5:
                    data.append("")
                    lines.append("data")
                default:
                    // One space after the colon is dropped; a second one belongs to the value.
                    data.append(value)
                    lines.append(value.hasPrefix(" ") ? "data: " + value : "data:" + space + value)
                }
            }
            lines.append("")
            if !data.isEmpty || type != nil {
                events.append(ServerSentEvent(type: type.flatMap { $0.isEmpty ? nil : $0 } ?? "message", data: data.joined(separator: "\n"), id: id))
            }
        }
        if Bool.random(using: &generator) { lines.append("data: an event the body never finishes") }
        var bytes: [UInt8] = Bool.random(using: &generator) ? [0xEF, 0xBB, 0xBF] : []
        var previousEnd: [UInt8] = []
        for line in lines {
            bytes += Array(line.utf8)
            // After a lone CR, an LF would join it as one CRLF and swallow an empty line.
            let ends: [[UInt8]] = previousEnd == [0x0D] && line.isEmpty ? [[0x0D], [0x0D, 0x0A]] : [[0x0A], [0x0D], [0x0D, 0x0A]]
            previousEnd = generator.pick(ends)
            bytes += previousEnd
        }
        return Stream(bytes: bytes, events: events)
    }

    static func read(_ chunks: [[UInt8]], maximumBytes: Int = ServerSentEventReader.defaultMaximumBytes) -> ([ServerSentEvent], ServerSentEventError?)
    {
        var reader = ServerSentEventReader(maximumBytes: maximumBytes)
        var events: [ServerSentEvent] = []
        for chunk in chunks {
            do {
                events += try reader.read(chunk)
            } catch {
                return (events, error)
            }
        }
        return (events, nil)
    }

    @Test func generatedStreamsGiveTheirEventsWhateverTheChunking() {
        var generator = SeededGenerator(seed: 0x55E0_2026)
        let streams = 1_500
        let chunkings = 10
        let elapsed = ContinuousClock().measure {
            for _ in 0..<streams {
                let stream = Self.stream(using: &generator)
                for round in 0..<chunkings {
                    let (events, error) = Self.read(round == 0 ? [stream.bytes] : generator.chunks(of: stream.bytes, largest: 16))
                    #expect(error == nil)
                    #expect(events == stream.events, "\(String(decoding: stream.bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        print("ServerSentEventReaderFuzzTests: \(streams) streams × \(chunkings) chunkings in \(elapsed)")
    }

    @Test func mutatedAndRandomStreamsGiveEventsOrAnErrorWithinTheLimit() {
        var generator = SeededGenerator(seed: 0x55E1_2026)
        let pieces: [[UInt8]] = [
            [0x0D], [0x0A], [0x0D, 0x0A], Array("data:".utf8), Array("event: complete".utf8), Array(":".utf8), [0x00], [0xFF], [0xEF, 0xBB, 0xBF],
        ]
        let alphabet = Array("data:event \r\n".utf8)
        let cases = 6_000
        var failed = 0
        let elapsed = ContinuousClock().measure {
            for round in 0..<cases {
                var bytes =
                    round % 3 == 0
                    ? generator.bytes(upTo: 300, alphabet: alphabet)
                    : generator.mutate(Self.stream(using: &generator).bytes, pieces: pieces)
                if Int.random(in: 0..<6, using: &generator) == 0 {
                    // An enormous single line, or many data lines, around the limit.
                    let line = Array("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: Int.random(in: 40...80, using: &generator))
                    for _ in 0..<Int.random(in: 1...3, using: &generator) { bytes += line + [0x0A] }
                }
                let (events, error) = Self.read(generator.chunks(of: bytes), maximumBytes: 128)
                if error != nil { failed += 1 }
                #expect(events.allSatisfy { $0.data.utf8.count <= 128 })
            }
        }
        #expect(failed > 0)
        print("ServerSentEventReaderFuzzTests: \(cases) mutated and random streams, \(failed) over the limit, in \(elapsed)")
    }

    // MARK: - Limits

    @Test func aLineLongerThanTheLimitFailsEvenInsideOneChunk() {
        let long = Array("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 95)
        for chunks in [[long + [0x0A, 0x0A]], (long + [0x0A, 0x0A]).map { [$0] }, [long, [0x0A]]] {
            let (events, error) = Self.read(chunks, maximumBytes: 100)
            #expect(events.isEmpty)
            #expect(error?.message == "a line of the event stream is longer than 100 bytes")
        }
        let fitting = Array(long.dropLast()) + [0x0A, 0x0A]
        #expect(Self.read([fitting], maximumBytes: 100).0.first?.data.utf8.count == 94)
    }

    @Test func anEventWhoseDataLinesAddUpPastTheLimitFails() {
        let line = Array("data: ".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 30) + [0x0A]
        // Four lines join to 4 × 30 + 3 line feeds = 123 bytes of data.
        let (events, error) = Self.read([line + line + line + line + [0x0A]], maximumBytes: 122)
        #expect(events.isEmpty)
        #expect(error?.message == "an event's data is longer than 122 bytes")
        #expect(Self.read([line + line + line + line + [0x0A]], maximumBytes: 123).0.first?.data.utf8.count == 123)
        // Data lines without end would otherwise grow without bound.
        var reader = ServerSentEventReader(maximumBytes: 64 * 1024)
        var read = 0
        do {
            while read < 1 << 20 {
                _ = try reader.read(line)
                read += line.count
            }
            Issue.record("1 MiB of data lines was read past a 64 KiB limit")
        } catch {
            // Each 37-byte line adds 31 bytes of data.
            #expect(read <= 64 * 1024 * 37 / 31 + line.count)
            #expect(error.message == "an event's data is longer than 65536 bytes")
        }
    }
}
