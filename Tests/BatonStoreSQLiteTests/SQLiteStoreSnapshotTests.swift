import BatonCore
import BatonStoreSQLite
import Foundation
import Testing

/// What an environment asks of the image beyond ``Store``: a snapshot to read a handle from
/// (``SnapshotStore``) and every record for a collection (``CollectableStore``).
@Suite struct SQLiteStoreSnapshotTests {
    let directory = ImageDirectory()

    static func note(_ id: String, _ text: String, generation: Int = 0) -> StoreRecord {
        StoreRecord(
            id: RecordID(id), typename: "Note",
            fields: [FieldKey("text"): .scalar(.string(text)), FieldKey("generation"): .scalar(.int(Int64(generation)))])
    }

    static let hero = OperationKey(operationID: "Hero", variables: "{}")

    @Test func aSnapshotIsOneMomentThatLaterWritesLeaveAsItWas() throws {
        let store = try SQLiteStore(path: directory.path())
        let fetched = Date(timeIntervalSince1970: 1_714_000_000.125)
        try store.write(StoreWrite(records: [Self.note("a", "first")], fetchedOperations: [Self.hero: fetched]))
        let snapshot = store.recordSnapshot()
        try store.write(
            StoreWrite(records: [Self.note("a", "second"), Self.note("b", "new")], fetchedOperations: [Self.hero: fetched.addingTimeInterval(1)]))
        #expect(snapshot.record(RecordID("a")) == Self.note("a", "first"))
        #expect(snapshot.record(RecordID("b")) == nil)
        #expect(snapshot.operation(Self.hero)?.fetched == fetched)
        #expect(store.recordSnapshot().record(RecordID("a")) == Self.note("a", "second"))
        #expect(store.recordSnapshot().operation(Self.hero)?.fetched == fetched.addingTimeInterval(1))
    }

    @Test func aRecordReadThroughASnapshotCountsAsUsedForEviction() throws {
        let path = directory.path()
        let ids = (0..<80).map { RecordID("f-\($0)") }
        let store = try SQLiteStore(path: path, options: .init(sizeLimit: 50_000))
        for index in 0..<80 {
            try store.write(StoreWrite(records: [SQLiteStoreTests.filler(index)]))
            _ = store.recordSnapshot().record(RecordID("f-0"))
        }
        let held = Set(store.allRecords().keys)
        #expect(held.count >= 40 && held.count < 50, "\(held.count) records held")
        #expect(held.contains(RecordID("f-0")), "f-0 was read through a snapshot after every write, so it outlives the others written first")
        #expect(!held.contains(RecordID("f-1")))
        store.close()
        // The uses were stored with the writes: the reopened image holds the same records.
        let reopened = try SQLiteStore(path: path, options: .init(sizeLimit: 50_000))
        #expect(Set(reopened.read(StoreRead(ids: ids)).keys) == held)
    }

    @Test func everyRecordIsListedIncludingWhatAnotherStoreOnTheFileWrote() throws {
        let path = directory.path()
        let one = try SQLiteStore(path: path)
        let two = try SQLiteStore(path: path)
        try one.write(StoreWrite(records: [Self.note("a", "a"), Self.note("b", "b")]))
        #expect(two.allRecords() == [RecordID("a"): Self.note("a", "a"), RecordID("b"): Self.note("b", "b")])
        try one.write(StoreWrite(records: [Self.note("c", "c")], deletions: [RecordID("a")]))
        #expect(Set(two.allRecords().keys) == [RecordID("b"), RecordID("c")])
        #expect(two.recordSnapshot().record(RecordID("c")) == Self.note("c", "c"))
        #expect(two.recordSnapshot().record(RecordID("a")) == nil)
    }

    @Test(arguments: [SQLiteStore.Options.Durability.writeThrough, .writeBehind])
    func snapshotsTakenBesideWritersSeeEachWriteWhole(_ durability: SQLiteStore.Options.Durability) async throws {
        let store = try SQLiteStore(path: directory.path(), options: .init(durability: durability))
        try store.write(StoreWrite(records: [Self.note("left", "0"), Self.note("right", "0")]))
        let halves = await withTaskGroup(of: Int.self) { group in
            group.addTask {
                for generation in 1...300 {
                    _ = try? store.write(
                        StoreWrite(records: [
                            Self.note("left", "\(generation)", generation: generation), Self.note("right", "\(generation)", generation: generation),
                        ]))
                }
                return 0
            }
            for _ in 0..<2 {
                group.addTask {
                    var torn = 0
                    for _ in 0..<600 {
                        let snapshot = store.recordSnapshot()
                        let left = snapshot.record(RecordID("left"))?.fields[FieldKey("generation")]
                        let right = snapshot.record(RecordID("right"))?.fields[FieldKey("generation")]
                        if left != right { torn += 1 }
                    }
                    return torn
                }
            }
            return await group.reduce(0, +)
        }
        #expect(halves == 0, "snapshots saw half a write \(halves) times")
        #expect(store.recordSnapshot().record(RecordID("left")) == Self.note("left", "300", generation: 300))
        try store.flush()
    }
}
