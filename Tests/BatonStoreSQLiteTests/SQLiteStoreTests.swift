import BatonCore
import BatonStoreSQLite
import BatonTestSupport
import Foundation
import Testing

/// What the image does beyond the conformance suite: schema versions, size, sign-out, vacuum,
/// and two stores on one file.
@Suite struct SQLiteStoreTests {
    let directory = ImageDirectory()

    static func record(_ id: String, _ fields: [String: FieldValue], typename: String = "T") -> StoreRecord {
        StoreRecord(id: RecordID(id), typename: typename, fields: Dictionary(uniqueKeysWithValues: fields.map { (FieldKey($0.key), $0.value) }))
    }

    static func filler(_ index: Int, bytes: Int = 1_000) -> StoreRecord {
        record("f-\(index)", ["text": .scalar(.string(String(repeating: "y", count: bytes)))])
    }

    static let hero = OperationKey(operationID: "Hero", variables: "{}")

    @Test func anImageForAnotherSchemaStartsAfreshKeepingNothing() throws {
        let path = directory.path()
        let first = try SQLiteStore(path: path, options: .init(schemaVersion: "schema-1"))
        try first.write(StoreWrite(records: [Self.record("1", ["a": .scalar(1)])], fetchedOperations: [Self.hero: Date()]))
        first.close()

        let sink = RecordingEventSink()
        let second = try SQLiteStore(path: path, options: .init(schemaVersion: "schema-2", events: sink))
        #expect(second.read(StoreRead(ids: [RecordID("1")])).isEmpty)
        #expect(second.operation(Self.hero) == nil)
        guard let (eventPath, reason, movedTo) = sink.events.first?.kind.imageStartedAfresh, eventPath == path, movedTo == nil
        else {
            Issue.record("expected an imageStartedAfresh event, got \(sink.events)")
            return
        }
        #expect(reason.contains("\"schema-1\"") && reason.contains("\"schema-2\""), "\(reason)")
        try second.write(StoreWrite(records: [Self.record("2", ["b": .scalar(2)])]))
        second.close()

        let third = try SQLiteStore(path: path, options: .init(schemaVersion: "schema-2", events: sink))
        #expect(third.read(StoreRead(ids: [RecordID("1"), RecordID("2")])).keys.sorted() == [RecordID("2")])
        #expect(sink.events.count == 1, "reopening with the same schema version started afresh again")
    }

    @Test func pastTheSizeLimitTheLeastRecentlyUsedRecordsGo() throws {
        let path = directory.path()
        let ids = (0..<80).map { RecordID("f-\($0)") }
        let store = try SQLiteStore(path: path, options: .init(sizeLimit: 50_000))
        for index in 0..<80 {
            try store.write(StoreWrite(records: [Self.filler(index)]))
            _ = store.read(StoreRead(ids: [RecordID("f-0")]))
        }
        let held = Set(store.read(StoreRead(ids: ids)).keys)
        #expect(held.count >= 40 && held.count < 50, "\(held.count) records held")
        #expect(held.contains(RecordID("f-0")), "f-0 was read after every write, so it outlives the records written before the last ones")
        #expect(!held.contains(RecordID("f-1")))
        #expect(held.contains(RecordID("f-79")))
        store.close()
        let reopened = try SQLiteStore(path: path, options: .init(sizeLimit: 50_000))
        #expect(Set(reopened.read(StoreRead(ids: ids)).keys) == held)
    }

    @Test func evictionKeepsWhatProtectedRootsReach() throws {
        let store = try SQLiteStore(path: directory.path(), options: .init(sizeLimit: 30_000, protectedRoots: { [RecordID("keeper")] }))
        var changed: Set<RecordID> = []
        try store.write(
            StoreWrite(records: [
                Self.record("keeper", ["first": .link(RecordID("f-0")), "rest": .list([.link(RecordID("f-1")), .scalar(.null)])]),
                Self.filler(0), Self.filler(1),
            ]))
        for index in 2..<60 {
            changed.formUnion(try store.write(StoreWrite(records: [Self.filler(index)])).changed)
        }
        let held = store.read(StoreRead(ids: ["keeper", "f-0", "f-1", "f-2", "f-59"].map { RecordID($0) }))
        #expect(held.keys.sorted() == ["f-0", "f-1", "f-59", "keeper"].map { RecordID($0) })
        #expect(changed.contains(RecordID("f-2")), "an evicted record is reported as changed")
    }

    @Test func removeAllEmptiesTheImageAndEndsTheStore() throws {
        let path = directory.path()
        let store = try SQLiteStore(path: path)
        try store.write(StoreWrite(records: (0..<200).map { Self.filler($0) }, operationErrors: [Self.hero: [GraphQLError(message: "secret")]]))
        try store.removeAll()
        #expect(store.read(StoreRead(ids: [RecordID("f-1")])).isEmpty)
        #expect(store.operation(Self.hero) == nil)
        #expect(throws: SQLiteStoreError.self) { try store.write(StoreWrite(records: [Self.filler(1)])) }
        do {
            try store.write(StoreWrite(records: [Self.filler(1)]))
        } catch {
            #expect(error.code == .ended)
        }
        store.close()
        let reopened = try SQLiteStore(path: path)
        #expect(reopened.read(StoreRead(ids: [RecordID("f-1")])).isEmpty)
        #expect(reopened.operation(Self.hero) == nil)
        reopened.close()
        let bytes = try #require(ImageDirectory.bytes(path))
        #expect(bytes.range(of: Data("secret".utf8)) == nil, "the removed error's text is still in the file")
        #expect(bytes.range(of: Data(String(repeating: "y", count: 100).utf8)) == nil, "the removed records' text is still in the file")
    }

    @Test func vacuumShrinksTheFile() throws {
        let path = directory.path()
        let store = try SQLiteStore(path: path)
        try store.write(StoreWrite(records: (0..<2_000).map { Self.filler($0) }))
        try store.vacuum()
        let full = ImageDirectory.size(path)
        try store.write(StoreWrite(deletions: (0..<1_900).map { RecordID("f-\($0)") }))
        try store.vacuum()
        let shrunk = ImageDirectory.size(path)
        #expect(full > 2_000_000)
        #expect(shrunk < full / 5, "the file went from \(full) to \(shrunk) bytes")
        #expect(ImageDirectory.size(path + "-wal") == 0)
        #expect(store.read(StoreRead(ids: [RecordID("f-1999")])).count == 1)
    }

    @Test func aSecondStoreOnTheSameFileSeesTheFirstsWritesAndMergesWithThem() throws {
        let path = directory.path()
        let one = try SQLiteStore(path: path)
        let two = try SQLiteStore(path: path)
        try one.write(StoreWrite(records: [Self.record("shared", ["a": .scalar(1)])], fetchedOperations: [Self.hero: Date(timeIntervalSince1970: 7)]))
        #expect(two.read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")] == Self.record("shared", ["a": .scalar(1)]))
        #expect(two.operation(Self.hero)?.fetched == Date(timeIntervalSince1970: 7))
        // `one` has not read since `two` wrote: its write still merges into b's field.
        try two.write(StoreWrite(records: [Self.record("shared", ["b": .scalar(2)])]))
        try one.write(StoreWrite(records: [Self.record("shared", ["c": .scalar(3)])]))
        let expected = Self.record("shared", ["a": .scalar(1), "b": .scalar(2), "c": .scalar(3)])
        #expect(one.read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")] == expected)
        #expect(two.read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")] == expected)
        try one.write(StoreWrite(deletions: [RecordID("shared")]))
        #expect(two.read(StoreRead(ids: [RecordID("shared")])).isEmpty)
    }

    @Test func aWriteOfWhatIsHeldWritesNothing() throws {
        let path = directory.path()
        let store = try SQLiteStore(path: path)
        try store.write(StoreWrite(records: [Self.record("1", ["a": .scalar(1)])]))
        try store.flush()
        let walBefore = ImageDirectory.size(path + "-wal")
        #expect(try store.write(StoreWrite(records: [Self.record("1", ["a": .scalar(1)])])).changed.isEmpty)
        #expect(ImageDirectory.size(path + "-wal") == walBefore)
    }
}

extension SQLiteStoreTests {
    @Test func theLogIsCopiedIntoTheImageInTheBackgroundAndStaysBounded() async throws {
        let path = directory.path()
        let store = try SQLiteStore(path: path)
        for batch in 0..<20 {
            try store.write(StoreWrite(records: (0..<2_000).map { Self.filler(batch * 2_000 + $0) }))
            // Give the background checkpoint a moment, as an app's pauses between writes do.
            try await Task.sleep(for: .milliseconds(20))
        }
        let limit = 24 << 20
        #expect(ImageDirectory.size(path + "-wal") < limit, "the log grew to \(ImageDirectory.size(path + "-wal")) bytes after 40 MB of writes")
        #expect(store.read(StoreRead(ids: [RecordID("f-0"), RecordID("f-39999")])).count == 2)
    }
}
