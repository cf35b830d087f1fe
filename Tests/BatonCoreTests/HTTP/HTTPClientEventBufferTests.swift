import Foundation
import Testing

@_spi(Transport) @testable import BatonCore

@Suite struct HTTPClientEventBufferTests {
    /// Counts how often the buffer asked for its producer to be resumed.
    final class Resumes: Sendable {
        let count = Locked(0)
        func resume() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static func body(_ count: Int) -> GraphQLHTTPClientEvent { .body([UInt8](repeating: 0x61, count: count)) }

    @Test func refusesBodyBytesOnceFullAndResumesTheProducerWhenHalfIsDrained() async throws {
        let resumes = Resumes()
        let buffer = HTTPClientEventBuffer(limit: 100) { resumes.resume() }
        #expect(buffer.offer(.head(GraphQLHTTPResponseHead(statusCode: 200, headers: [])), refusingWhenFull: true) == .taken)
        #expect(buffer.offer(Self.body(60), refusingWhenFull: true) == .taken)
        #expect(buffer.offer(Self.body(60), refusingWhenFull: true) == .takenPausing)
        #expect(buffer.offer(Self.body(60), refusingWhenFull: true) == .refused)
        #expect(buffer.bufferedByteCount == 120)
        #expect(buffer.isProducerPaused)

        #expect(try await buffer.next() == .head(GraphQLHTTPResponseHead(statusCode: 200, headers: [])))
        #expect(try await buffer.next() == Self.body(60))
        // 60 bytes wait: more than half the limit, so the producer stays paused.
        #expect(resumes.value == 0)
        #expect(try await buffer.next() == Self.body(60))
        #expect(resumes.value == 1)
        #expect(!buffer.isProducerPaused)
    }

    @Test func aProducerThatMustTakeBytesIsToldToPauseAndStillDeliversThem() async throws {
        let buffer = HTTPClientEventBuffer(limit: 10) {}
        #expect(buffer.offer(Self.body(8), refusingWhenFull: false) == .taken)
        #expect(buffer.offer(Self.body(8), refusingWhenFull: false) == .takenPausing)
        #expect(buffer.offer(Self.body(8), refusingWhenFull: false) == .takenPausing)
        buffer.finish()
        var bytes = 0
        while case .body(let chunk)? = try await buffer.next() { bytes += chunk.count }
        #expect(bytes == 24)
    }

    @Test func theErrorComesAfterTheEventsBeforeItAndOnlyOnce() async throws {
        struct Cut: Error {}
        let buffer = HTTPClientEventBuffer {}
        _ = buffer.offer(Self.body(3), refusingWhenFull: true)
        buffer.finish(throwing: Cut())
        #expect(try await buffer.next() == Self.body(3))
        await #expect(throws: Cut.self) { try await buffer.next() }
        #expect(try await buffer.next() == nil)
    }

    @Test func deferredWakeupsReachAWaitingConsumerAtTheFlush() async throws {
        let buffer = HTTPClientEventBuffer(defersWakeups: true) {}
        let consumer = Task { try await buffer.next() }
        // Let the consumer start waiting; the flush below wakes it whether or not it has yet.
        try await Task.sleep(for: .milliseconds(20))
        _ = buffer.offer(Self.body(5), refusingWhenFull: true)
        buffer.flush()
        #expect(try await consumer.value == Self.body(5))
    }

    @Test func aCancelledConsumerStopsWaiting() async throws {
        let buffer = HTTPClientEventBuffer {}
        let consumer = Task { try await buffer.next() }
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    @Test func closingRefusesLaterEventsAndSaysWhetherTheProducerStillRan() {
        let running = HTTPClientEventBuffer {}
        #expect(running.close())
        #expect(running.offer(Self.body(1), refusingWhenFull: true) == .closed)
        let finished = HTTPClientEventBuffer {}
        finished.finish()
        #expect(!finished.close())
    }

    @Test func eventsTakenAreReleasedWhileTheQueueNeverDrains() async throws {
        let buffer = HTTPClientEventBuffer(limit: 1 << 30) {}
        for _ in 0..<4 { _ = buffer.offer(Self.body(1), refusingWhenFull: true) }
        // Take one, add one, forever behind by four: the queue's storage stays small.
        for _ in 0..<10_000 {
            _ = try await buffer.next()
            _ = buffer.offer(Self.body(1), refusingWhenFull: true)
        }
        #expect(buffer.bufferedByteCount == 4)
        #expect(buffer.queuedEventCount <= 40)
    }

    @Test func theStreamStopsTheProducerWhenDroppedEarlyButNotAfterTheEnd() async throws {
        let stops = Resumes()
        let early = HTTPClientEventBuffer {}
        _ = early.offer(Self.body(1), refusingWhenFull: true)
        do {
            for try await _ in early.stream(stop: { stops.resume() }) { break }
        }
        #expect(stops.value == 1)

        let done = HTTPClientEventBuffer {}
        _ = done.offer(Self.body(1), refusingWhenFull: true)
        done.finish()
        do {
            for try await _ in done.stream(stop: { stops.resume() }) {}
        }
        #expect(stops.value == 1)
    }
}

extension HTTPClientEventBufferTests {
    /// A producer thread that defers its wakeups and a consumer task racing it: every byte arrives, in order.
    @Test(arguments: [false, true]) func everyByteArrivesInOrderWhileProducerAndConsumerRace(_ refusing: Bool) async throws {
        let buffer = HTTPClientEventBuffer(limit: 64 * 1024, defersWakeups: true) {}
        let chunks = 20_000
        let producer = Thread {
            var index = 0
            while index < chunks {
                let chunk = GraphQLHTTPClientEvent.body(
                    [UInt8(truncatingIfNeeded: index), UInt8(truncatingIfNeeded: index >> 8)] + [UInt8](repeating: 0, count: 1_000))
                switch buffer.offer(chunk, refusingWhenFull: refusing) {
                case .refused: usleep(50)
                default: index += 1
                }
                if index % 7 == 0 { buffer.flush() }
            }
            buffer.finish()
        }
        producer.start()
        var index = 0
        while case .body(let chunk)? = try await buffer.next() {
            #expect(
                chunk.count == 1_002 && chunk[0] == UInt8(truncatingIfNeeded: index) && chunk[1] == UInt8(truncatingIfNeeded: index >> 8),
                "chunk \(index)")
            if chunk.count != 1_002 { break }
            index += 1
        }
        #expect(index == chunks)
    }
}
