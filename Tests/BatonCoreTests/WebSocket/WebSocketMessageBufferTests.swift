import Foundation
import Testing

@testable import BatonCore

@Suite struct WebSocketMessageBufferTests {
    /// Counts how often the buffer asked for the reader to read again.
    final class Resumes: Sendable {
        let count = Locked(0)
        func resume() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    static func payload(_ value: Int) -> GraphQLResponse {
        GraphQLResponse(data: ["value": .int(Int64(value))])
    }

    static func value(_ payload: GraphQLResponse?) -> Int64? {
        payload?.data?["value"]?.intValue
    }

    @Test func isFullAtTheLimitAndResumesTheReaderOnceHalfIsTaken() async throws {
        let resumes = Resumes()
        let buffer = WebSocketMessageBuffer(limit: 4) { resumes.resume() }
        #expect(!buffer.offer(Self.payload(0)))
        #expect(!buffer.offer(Self.payload(1)))
        #expect(!buffer.offer(Self.payload(2)))
        #expect(buffer.offer(Self.payload(3)))
        // What the reader had already read still arrives.
        #expect(buffer.offer(Self.payload(4)))
        #expect(buffer.isFull)
        #expect(buffer.depth == 5)

        #expect(Self.value(try await buffer.next()) == 0)
        #expect(Self.value(try await buffer.next()) == 1)
        // Three wait: more than half the limit, so the reader stays stopped.
        #expect(resumes.value == 0)
        #expect(Self.value(try await buffer.next()) == 2)
        #expect(resumes.value == 1)
        #expect(!buffer.isFull)
        #expect(Self.value(try await buffer.next()) == 3)
        #expect(resumes.value == 1)
    }

    @Test func aWaitingConsumerGetsThePayloadDirectly() async throws {
        let buffer = WebSocketMessageBuffer(limit: 2) {}
        let consumer = Task { try await buffer.next() }
        try await Task.sleep(for: .milliseconds(20))
        #expect(!buffer.offer(Self.payload(7)))
        #expect(Self.value(try await consumer.value) == 7)
        #expect(buffer.depth == 0)
    }

    @Test func theEndComesAfterThePayloadsBeforeIt() async throws {
        struct Broken: Error {}
        let buffer = WebSocketMessageBuffer(limit: 8) {}
        buffer.offer(Self.payload(1))
        buffer.finish(throwing: Broken())
        // Nothing is taken after the end.
        buffer.offer(Self.payload(2))
        #expect(Self.value(try await buffer.next()) == 1)
        await #expect(throws: Broken.self) { try await buffer.next() }
        #expect(try await buffer.next() == nil)
    }

    @Test func aWaitingConsumerGetsTheErrorOnce() async throws {
        struct Broken: Error {}
        let buffer = WebSocketMessageBuffer(limit: 2) {}
        let consumer = Task { try await buffer.next() }
        try await Task.sleep(for: .milliseconds(20))
        buffer.finish(throwing: Broken())
        await #expect(throws: Broken.self) { try await consumer.value }
        #expect(try await buffer.next() == nil)
    }

    @Test func closingDropsWhatWaitsAndResumesAStoppedReader() async throws {
        let resumes = Resumes()
        let buffer = WebSocketMessageBuffer(limit: 1) { resumes.resume() }
        #expect(buffer.offer(Self.payload(1)))
        #expect(buffer.close())
        #expect(resumes.value == 1)
        #expect(buffer.depth == 0)
        #expect(!buffer.offer(Self.payload(2)))
        #expect(try await buffer.next() == nil)
        #expect(!buffer.close())
    }

    @Test func aCancelledConsumerStopsWaiting() async throws {
        let buffer = WebSocketMessageBuffer(limit: 1) {}
        let consumer = Task { try await buffer.next() }
        try await Task.sleep(for: .milliseconds(20))
        consumer.cancel()
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    @Test func aReaderThatKeepsRefillingDoesNotKeepTakenPayloads() async throws {
        let buffer = WebSocketMessageBuffer(limit: 8) {}
        for value in 0..<1_000 {
            buffer.offer(Self.payload(value))
            if value >= 4 { #expect(Self.value(try await buffer.next()) == Int64(value - 4)) }
        }
        #expect(buffer.depth == 4)
    }
}
