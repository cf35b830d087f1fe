import BatonCore
import BatonStoreRedis
import BatonTestSupport
import Foundation
import RedisTestServer
import Testing

/// What the Redis store promises beyond the conformance suite: namespaces kept apart, a time to
/// live, a collection that drops only the near cache, and its own errors for a bad URL.
@Suite struct RedisStoreTests {
    static let server = Result { try RedisTestServer() }

    static func store(_ namespace: String, ttl: Duration? = nil) throws -> RedisStore {
        try RedisStore(options: .init(url: server.get().url, namespace: namespace, ttl: ttl))
    }

    static func note(_ text: String) -> StoreRecord {
        StoreRecord(id: RecordID("Note:1"), typename: "Note", fields: [FieldKey("text"): .scalar(.string(text))])
    }

    @Test func aNewNamespaceNeverReadsAnOldOnesRecords() throws {
        let suffix = UUID().uuidString
        let old = try Self.store("app:v2:\(suffix)")
        let new = try Self.store("app:v3:\(suffix)")
        try old.write(StoreWrite(records: [Self.note("old")], fetchedOperations: [OperationKey(operationID: "Q", variables: "{}"): Date()]))
        #expect(try new.read(StoreRead(ids: [RecordID("Note:1")])).isEmpty)
        #expect(try new.operation(OperationKey(operationID: "Q", variables: "{}")) == nil)
        #expect(try old.read(StoreRead(ids: [RecordID("Note:1")]))[RecordID("Note:1")] == Self.note("old"))
    }

    @Test func recordsWithATimeToLiveAreGoneAfterIt() async throws {
        let namespace = "ttl:\(UUID().uuidString)"
        // Times to live here are long beside the test's own steps: the tests beside it share two
        // cores, and a step may wait seconds for a thread.
        let writer = try Self.store(namespace, ttl: .seconds(8))
        let written = ContinuousClock.now
        try writer.write(StoreWrite(records: [Self.note("brief")]))
        let reader = try Self.store(namespace)
        #expect(try reader.read(StoreRead(ids: [RecordID("Note:1")])).count == 1)
        try await Task.sleep(until: written + .milliseconds(8_300))
        // A store that never read it asks the server, which dropped it.
        #expect(try Self.store(namespace).read(StoreRead(ids: [RecordID("Note:1")])).isEmpty)
    }

    /// Redis publishes no expiry; another process's near cache knows each record's expiry from
    /// its read (`PTTL` in the same round trip) and stops serving it then.
    @Test func anExpiredRecordLeavesAnotherProcesssNearCache() async throws {
        let namespace = "ttl:near:\(UUID().uuidString)"
        let reader = try Self.store(namespace)
        let writer = try Self.store(namespace, ttl: .seconds(20))
        // Once the reader keeps a record in its near cache, its feed is subscribed.
        let probe = StoreRecord(id: RecordID("Probe:1"), typename: "Probe", fields: [:])
        try Self.store(namespace).write(StoreWrite(records: [probe]))
        try await Self.readUntilHeld(probe.id, by: reader)
        let written = ContinuousClock.now
        try writer.write(StoreWrite(records: [Self.note("brief")]))
        try await Self.readUntilHeld(RecordID("Note:1"), by: reader, within: .seconds(15))
        #expect(reader.nearCacheHolds(RecordID("Note:1")))
        #expect(try reader.read(StoreRead(ids: [RecordID("Note:1")]))[RecordID("Note:1")] == Self.note("brief"))
        try await Task.sleep(until: written + .milliseconds(20_050))
        #expect(!reader.nearCacheHolds(RecordID("Note:1")))
        #expect(try reader.read(StoreRead(ids: [RecordID("Note:1")])).isEmpty)
        #expect(reader.nearCacheHolds(probe.id))
    }

    /// Reads until the near cache keeps the record: by default within 4 s, as long as the feed
    /// takes on a loaded machine to apply the write the read saw; less than a record's time to live.
    static func readUntilHeld(_ id: RecordID, by store: RedisStore, within limit: Duration = .seconds(4)) async throws {
        let deadline = ContinuousClock.now + limit
        while !store.nearCacheHolds(id) && ContinuousClock.now < deadline {
            _ = try store.read(StoreRead(ids: [id]))
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// A write of new records goes as one transaction of a `MSETNX` and the script; when one
    /// exists, nothing of it is stored and the script writes it: either way exactly the records
    /// that changed are reported, to the writer and through another process's feed.
    @Test func writesOfNewAndOfExistingRecordsReportExactlyWhatChanged() async throws {
        let namespace = "new:\(UUID().uuidString)"
        let writer = try Self.store(namespace)
        let watcher = try Self.store(namespace)
        let changes = Locked<[StoreChange]>([])
        let subscription = watcher.subscribeToChanges(StoreChangeSubscriber { change in changes.withLock { $0.append(change) } })
        defer { subscription.cancel() }
        func note(_ id: String, _ text: String) -> StoreRecord {
            StoreRecord(id: RecordID(id), typename: "Note", fields: [FieldKey("text"): .scalar(.string(text))])
        }
        let query = OperationKey(operationID: "Q", variables: "{}")
        let first = StoreWrite(records: [note("Note:1", "a"), note("Note:2", "b")], fetchedOperations: [query: Date()])
        #expect(try writer.write(first).changed == [RecordID("Note:1"), RecordID("Note:2")])
        #expect(try writer.operation(query)?.fetched != nil)
        // Note:1 as it is, Note:2 changed, Note:3 new.
        let second = StoreWrite(records: [note("Note:1", "a"), note("Note:2", "B"), note("Note:3", "c")])
        #expect(try writer.write(second).changed == [RecordID("Note:2"), RecordID("Note:3")])
        #expect(try writer.write(second).changed.isEmpty)
        let reader = try Self.store(namespace)
        let read = try reader.read(StoreRead(ids: [RecordID("Note:1"), RecordID("Note:2"), RecordID("Note:3")]))
        #expect(read == [RecordID("Note:1"): note("Note:1", "a"), RecordID("Note:2"): note("Note:2", "B"), RecordID("Note:3"): note("Note:3", "c")])
        let deadline = ContinuousClock.now + .seconds(5)
        // A feed that subscribed late may also report changes lost; the two writes come in order.
        let reported = { changes.withLock { $0.filter { !$0.lost } } }
        while reported().count < 2 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(
            reported() == [
                StoreChange(records: [RecordID("Note:1"), RecordID("Note:2")], operations: [query]),
                StoreChange(records: [RecordID("Note:2"), RecordID("Note:3")], operations: []),
            ])
    }

    @Test func collectionDropsOnlyTheNearCacheAndDeletesNothingShared() async throws {
        let namespace = "collect:\(UUID().uuidString)"
        let store = try Self.store(namespace)
        try store.write(StoreWrite(records: [Self.note("kept")]))
        let cachedBy = ContinuousClock.now + .seconds(5)
        while !store.nearCacheHolds(RecordID("Note:1")) && ContinuousClock.now < cachedBy {
            _ = try store.read(StoreRead(ids: [RecordID("Note:1")]))
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(store.nearCacheHolds(RecordID("Note:1")))
        let environment = Environment(transport: RecordedTransport([:]), store: store)
        #expect(try environment.collect().isEmpty)
        #expect(!store.nearCacheHolds(RecordID("Note:1")))
        #expect(try Self.store(namespace).read(StoreRead(ids: [RecordID("Note:1")]))[RecordID("Note:1")] == Self.note("kept"))
    }

    /// A record is one packed map on the server: a wide record with long values comes back
    /// exactly after the script merged it (unpacked and packed again on the server), and a
    /// write that names it again with the same values changes nothing.
    @Test func aWideRecordMergedOnTheServerReadsBackExactly() throws {
        let namespace = "packed:\(UUID().uuidString)"
        let id = RecordID("Wide:1")
        var fields: [FieldKey: FieldValue] = [:]
        for index in 0..<40 { fields[FieldKey("f\(index)")] = .scalar(.string(String(repeating: "é", count: index * 10))) }
        fields[FieldKey("long")] = .scalar(.string(String(repeating: "x", count: 70_000)))
        let wide = StoreRecord(id: id, typename: "Wide", fields: fields)
        let writer = try Self.store(namespace)
        #expect(try writer.write(StoreWrite(records: [wide])).changed == [id])
        let changedOne = StoreRecord(id: id, typename: "Wide", fields: [FieldKey("f3"): .scalar(.int(3)), FieldKey("f1"): fields[FieldKey("f1")]!])
        #expect(try writer.write(StoreWrite(records: [changedOne])).changed == [id])
        var merged = wide
        merged.fields[FieldKey("f3")] = .scalar(.int(3))
        #expect(try Self.store(namespace).read(StoreRead(ids: [id]))[id] == merged)
        #expect(try writer.write(StoreWrite(records: [merged])).changed.isEmpty)
        #expect(try writer.write(StoreWrite(records: [changedOne])).changed.isEmpty)
    }

    @Test func aURLThatNamesNoServerIsTheStoresOwnError() {
        #expect {
            try RedisStore(options: .init(url: "http://localhost"))
        } throws: { error in
            (error as? RedisStoreError)?.code == .misconfigured && "\(error)".contains("redis://HOST")
        }
        #expect {
            try RedisStore(options: .init(url: "redis://localhost", namespace: "a{b}"))
        } throws: { error in
            (error as? RedisStoreError)?.code == .misconfigured
        }
    }
}
