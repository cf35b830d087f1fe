import BatonCore
import BatonStoreSQLite
import BatonTestSupport
import Foundation
import Testing

/// Write-behind durability: the conformance suite, reopen included, and what a flush promises.
@Suite struct SQLiteStoreWriteBehindTests {
    static let directory = ImageDirectory()
    static let options = SQLiteStore.Options(durability: .writeBehind)

    static let suite = StoreConformance(
        reopen: { store in
            guard let image = store as? SQLiteStore else { throw SQLiteStoreConformanceTests.NotAnImage() }
            image.close()
            return try SQLiteStore(path: image.path, options: image.options)
        },
        peer: { store in
            guard let image = store as? SQLiteStore else { throw SQLiteStoreConformanceTests.NotAnImage() }
            return try SQLiteStore(path: image.path, options: image.options)
        },
        makeStore: { try SQLiteStore(path: directory.path("\(UUID().uuidString).sqlite"), options: options) }
    )

    static func record(_ id: String, _ field: String, _ value: Int64) -> StoreRecord {
        StoreRecord(id: RecordID(id), typename: "T", fields: [FieldKey(field): .scalar(.int(value))])
    }

    @Test(arguments: StoreConformance.Check.allCases)
    func writeBehindStore(_ check: StoreConformance.Check) async {
        do {
            try await Self.suite.run(check)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func aWriteIsReadAtOnceAndInTheImageAfterAFlush() throws {
        let path = Self.directory.path("\(UUID().uuidString).sqlite")
        let store = try SQLiteStore(path: path, options: Self.options)
        let hero = OperationKey(operationID: "Hero", variables: "{}")
        try store.write(StoreWrite(records: [Self.record("1", "a", 1)], fetchedOperations: [hero: Date(timeIntervalSince1970: 9)]))
        #expect(store.read(StoreRead(ids: [RecordID("1")])).count == 1)
        try store.flush()
        let other = try SQLiteStore(path: path)
        #expect(other.read(StoreRead(ids: [RecordID("1")]))[RecordID("1")] == Self.record("1", "a", 1))
        #expect(other.operation(hero)?.fetched == Date(timeIntervalSince1970: 9))
        try store.write(StoreWrite(deletions: [RecordID("1")]))
        try store.flush()
        #expect(other.read(StoreRead(ids: [RecordID("1")])).isEmpty)
    }

    @Test func writesAreStoredSoonWithoutAFlush() async throws {
        let path = Self.directory.path("\(UUID().uuidString).sqlite")
        let store = try SQLiteStore(path: path, options: Self.options)
        for index in 0..<100 { try store.write(StoreWrite(records: [Self.record("r-\(index)", "a", Int64(index))])) }
        let other = try SQLiteStore(path: path)
        var held = 0
        for _ in 0..<200 where held < 100 {
            try await Task.sleep(for: .milliseconds(10))
            held = other.read(StoreRead(ids: (0..<100).map { RecordID("r-\($0)") })).count
        }
        #expect(held == 100)
        withExtendedLifetime(store) {}
    }

    @Test func pendingWritesMergeOntoWhatAnotherStoreStoredMeanwhile() throws {
        let path = Self.directory.path("\(UUID().uuidString).sqlite")
        let one = try SQLiteStore(path: path, options: Self.options)
        let two = try SQLiteStore(path: path, options: Self.options)
        try one.write(StoreWrite(records: [Self.record("shared", "a", 1)]))
        try one.flush()
        _ = two.read(StoreRead(ids: [RecordID("shared")]))
        // Both write before either flushes.
        try one.write(StoreWrite(records: [Self.record("shared", "b", 2)]))
        try two.write(StoreWrite(records: [Self.record("shared", "c", 3)], deletions: [RecordID("gone")]))
        try two.flush()
        try one.flush()
        let expected = StoreRecord(
            id: RecordID("shared"), typename: "T",
            fields: [
                FieldKey("a"): .scalar(.int(1)), FieldKey("b"): .scalar(.int(2)), FieldKey("c"): .scalar(.int(3)),
            ])
        #expect(try SQLiteStore(path: path).read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")] == expected)
        #expect(one.read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")] == expected)
    }
}
