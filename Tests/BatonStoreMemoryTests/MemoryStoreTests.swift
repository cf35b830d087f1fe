import BatonCore
import BatonStoreMemory
import Foundation
import Testing

@Suite struct MemoryStoreTests {
    static let user = StoreRecord(
        id: RecordID("1"), typename: "User",
        fields: [
            FieldKey("name"): .scalar("Ada"),
            FieldKey("email"): .errors([GraphQLError(message: "hidden", path: [.key("user"), .key("email")], extensions: ["code": "FORBIDDEN"])]),
        ])
    static let hero = OperationKey(operationID: "Hero", variables: "{}")

    @Test func aWriteMergesAndReportsOnlyWhatChanged() {
        let store = MemoryStore()
        #expect(store.write(StoreWrite(records: [Self.user])).changed == [Self.user.id])
        #expect(store.write(StoreWrite(records: [Self.user])).changed.isEmpty)
        let newer = StoreRecord(id: Self.user.id, typename: "User", fields: [FieldKey("age"): .scalar(36)])
        #expect(store.write(StoreWrite(records: [newer])).changed == [Self.user.id])
        let held = store.read(StoreRead(ids: [Self.user.id, RecordID("2")]))
        #expect(held.count == 1)
        #expect(held[Self.user.id]?.fields == Self.user.fields.merging(newer.fields) { $1 })
    }

    @Test func aSnapshotIsOneMomentAndSeedsAnotherStore() {
        let store = MemoryStore()
        let fetched = Date(timeIntervalSince1970: 1_000)
        store.write(
            StoreWrite(records: [Self.user], fetchedOperations: [Self.hero: fetched], operationErrors: [Self.hero: [GraphQLError(message: "x")]]))
        let snapshot = store.snapshot()
        store.write(StoreWrite(deletions: [Self.user.id]))

        #expect(snapshot.records == [Self.user.id: Self.user])
        #expect(snapshot.operations[Self.hero] == OperationRecord(fetched: fetched, errors: [GraphQLError(message: "x")]))
        #expect(store.recordIDs.isEmpty)

        let seeded = MemoryStore(snapshot: snapshot)
        #expect(seeded.recordIDs == [Self.user.id])
        #expect(seeded.read(StoreRead(ids: [Self.user.id])) == [Self.user.id: Self.user])
        #expect(seeded.operation(Self.hero)?.fetched == fetched)
        #expect(store.operation(Self.hero)?.fetched == fetched)
    }

    @Test func operationsKeepFetchTimesAndErrorsApart() {
        let store = MemoryStore()
        let fetched = Date(timeIntervalSince1970: 5)
        store.write(StoreWrite(operationErrors: [Self.hero: [GraphQLError(message: "no path")]]))
        #expect(store.operation(Self.hero)?.fetched == nil)
        #expect(store.operation(Self.hero) == OperationRecord(fetched: nil, errors: [GraphQLError(message: "no path")]))
        store.write(StoreWrite(fetchedOperations: [Self.hero: fetched]))
        #expect(store.operation(Self.hero) == OperationRecord(fetched: fetched, errors: [GraphQLError(message: "no path")]))
        #expect(store.operation(OperationKey(operationID: "Hero", variables: "{\"a\":1}")) == nil)
    }

    @Test func theStoreIsUsableThroughTheSeam() throws {
        let store: any Store = MemoryStore()
        let result = try store.write(StoreWrite(records: [Self.user], operationErrors: [Self.hero: [GraphQLError(message: "kept")]]))
        #expect(result.changed == [Self.user.id])
        #expect(try store.operation(Self.hero)?.errors == [GraphQLError(message: "kept")])
        #expect(try store.read(StoreRead(ids: [Self.user.id]))[Self.user.id] == Self.user)
    }

    @Test func aWriteAfterASnapshotLeavesTheSnapshotAlone() {
        let store = MemoryStore()
        store.write(StoreWrite(records: [Self.user]))
        let before = store.snapshot()
        store.write(StoreWrite(records: [StoreRecord(id: Self.user.id, typename: "Admin", fields: [FieldKey("name"): .scalar("Grace")])]))
        #expect(before.records[Self.user.id] == Self.user)
        #expect(store.read(StoreRead(ids: [Self.user.id]))[Self.user.id]?.typename == "Admin")
    }
}
