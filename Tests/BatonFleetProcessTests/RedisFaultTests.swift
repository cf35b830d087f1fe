import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import RedisTestServer
import Testing

/// A redis-server killed (SIGKILL) in the middle of a stream of writes and started again on its
/// append-only file: no write it acknowledged is lost, every failure meanwhile is the store's own
/// clear error naming the server, reads the near cache holds still answer, a fetch fails with
/// that error and reports it, and the store recovers on its own, its near cache dropped and the
/// change reported as lost.
@Suite struct RedisFaultTests {
    static func counter(_ step: Int) -> StoreWrite {
        StoreWrite(records: [
            StoreRecord(id: RecordID("w-\(step)"), typename: "Written", fields: [FieldKey("step"): .scalar(.int(Int64(step)))]),
            StoreRecord(id: RecordID("counter"), typename: "Counter", fields: [FieldKey("last"): .scalar(.int(Int64(step)))]),
        ])
    }

    @Test func aKilledAndRestartedServerLosesNoAcknowledgedWriteAndTheStoreRecovers() async throws {
        let server = try RedisTestServer()
        defer { server.stop() }
        let options = RedisStore.Options(url: server.url, namespace: "fault", timeout: .milliseconds(500))
        let writer = try RedisStore(options: options)
        let reader = try RedisStore(options: options)
        let held = RecordID("held")
        try writer.write(StoreWrite(records: [StoreRecord(id: held, typename: "Held", fields: [FieldKey("v"): .scalar(1)])]))
        let cachedBy = ContinuousClock.now + .seconds(5)
        while !reader.nearCacheHolds(held) && ContinuousClock.now < cachedBy {
            _ = try reader.read(StoreRead(ids: [held]))
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(reader.nearCacheHolds(held))
        let changes = Locked<[StoreChange]>([])
        let subscription = reader.subscribeToChanges(StoreChangeSubscriber { change in changes.withLock { $0.append(change) } })
        defer { subscription.cancel() }

        // A stream of writes on its own thread, through the kill and the restart.
        let acknowledged = Locked<[Int]>([])
        let failures = Locked<[RedisStoreError]>([])
        let stop = Locked(false)
        let stream = Thread {
            var step = 0
            while !stop.withLock({ $0 }) {
                step += 1
                do throws(RedisStoreError) {
                    try writer.write(Self.counter(step))
                    acknowledged.withLock { $0.append(step) }
                } catch {
                    failures.withLock { $0.append(error) }
                }
                usleep(2_000)
            }
        }
        stream.start()
        try await Task.sleep(for: .milliseconds(300))
        server.kill()
        try await Task.sleep(for: .milliseconds(200))

        // Down: the near cache answers what it holds; anything else fails clearly.
        #expect(try reader.read(StoreRead(ids: [held]))[held]?.fields[FieldKey("v")] == .scalar(1))
        #expect {
            try reader.read(StoreRead(ids: [RecordID("w-999999")]))
        } throws: { error in
            (error as? RedisStoreError)?.code == .unreachable
        }
        let answer = try GraphQLResponse(json: JSONValue(parsing: #"{"data":{"note":{"__typename":"Note","id":"1","text":"one"}}}"#))
        let events = RecordingEventSink()
        let watching = Environment(transport: RecordedTransport(["Note": .responses([answer])]), store: reader, events: [events])
        let handle = watching.watch(NoteQuery(id: "1"), policy: .networkOnly)
        await handle.fetchesSettled()
        guard case .transport(let error as RedisStoreError)? = handle.snapshot.fetch.failure else {
            Issue.record("the fetch did not fail with the store's error: \(String(describing: handle.snapshot.fetch))")
            return
        }
        #expect(error.code == .unreachable)
        #expect(events.kinds.contains { $0.fetchFailure?.kind == .transport })

        try server.start()
        let recoveredBy = ContinuousClock.now + .seconds(10)
        let ackedBeforeRestart = acknowledged.withLock { $0.count }
        while acknowledged.withLock({ $0.count }) < ackedBeforeRestart + 20 && ContinuousClock.now < recoveredBy {
            try await Task.sleep(for: .milliseconds(10))
        }
        stop.withLock { $0 = true }
        while !stream.isFinished { try await Task.sleep(for: .milliseconds(5)) }
        #expect(acknowledged.withLock { $0.count } >= ackedBeforeRestart + 20, "the store did not recover within 10 s")

        // Every failure was the store's own, naming the server.
        let seen = failures.withLock { $0 }
        #expect(!seen.isEmpty)
        for failure in seen {
            #expect(failure.code == .unreachable)
            #expect(failure.description.hasPrefix("Redis at \(server.url): "), "\(failure)")
        }
        // No acknowledged write was lost.
        let steps = acknowledged.withLock { $0 }
        let fresh = try RedisStore(options: options)
        let stored = try fresh.read(StoreRead(ids: steps.map { RecordID("w-\($0)") } + [RecordID("counter")]))
        let lost = steps.filter { stored[RecordID("w-\($0)")] == nil }
        #expect(lost.isEmpty, "acknowledged writes lost: \(lost.prefix(20))")
        guard case .scalar(.int(let last))? = stored[RecordID("counter")]?.fields[FieldKey("last")] else {
            Issue.record("no counter")
            return
        }
        #expect(Int(last) >= steps.max() ?? 0)
        // The reader's feed came back and said changes were lost.
        let lostBy = ContinuousClock.now + .seconds(5)
        while !changes.withLock({ $0.contains(where: \.lost) }) && ContinuousClock.now < lostBy {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(changes.withLock { $0.contains(where: \.lost) })
        withExtendedLifetime(watching) {}
    }
}
