import BatonCore
import Testing

@testable import BatonStoreMemory

@Suite struct MemoryStoreStateTests {
    static func record(_ id: String, _ fields: [String: Int], typename: String = "T") -> StoreRecord {
        StoreRecord(
            id: RecordID(id), typename: typename,
            fields: Dictionary(uniqueKeysWithValues: fields.map { (FieldKey($0.key), FieldValue.scalar(.int(Int64($0.value)))) }))
    }

    @Test func aWriteWithEachIDOnceIsNotCopied() {
        let records = [Self.record("1", ["a": 1]), Self.record("2", ["a": 2])]
        #expect(MemoryStoreState.coalesced(records) == records)
        #expect(MemoryStoreState.coalesced([]) == [])
    }

    @Test func aRecordNamedTwiceMergesInOrderAtItsFirstPlace() {
        let coalesced = MemoryStoreState.coalesced([
            Self.record("1", ["a": 1, "b": 1]),
            Self.record("2", ["a": 2]),
            Self.record("1", ["b": 2, "c": 2], typename: "U"),
        ])
        #expect(coalesced == [Self.record("1", ["a": 1, "b": 2, "c": 2], typename: "U"), Self.record("2", ["a": 2])])
    }

    @Test func aChangeUndoneInTheSameWriteIsNoChange() {
        var state = MemoryStoreState()
        _ = state.apply(StoreWrite(records: [Self.record("1", ["a": 1])]))
        let changed = state.apply(StoreWrite(records: [Self.record("1", ["a": 2]), Self.record("1", ["a": 1])]))
        #expect(changed.isEmpty)
        #expect(state.records[RecordID("1")] == Self.record("1", ["a": 1]))
    }

    @Test func deletionsComeBeforeRecordsAndReportOnlyRealChanges() {
        var state = MemoryStoreState()
        _ = state.apply(StoreWrite(records: [Self.record("1", ["a": 1, "b": 1]), Self.record("2", ["a": 2])]))
        let replaced = state.apply(StoreWrite(records: [Self.record("1", ["a": 1])], deletions: [RecordID("1"), RecordID("9")]))
        #expect(replaced == [RecordID("1")])
        #expect(state.records[RecordID("1")] == Self.record("1", ["a": 1]))
        let restored = state.apply(StoreWrite(records: [Self.record("2", ["a": 2])], deletions: [RecordID("2")]))
        #expect(restored.isEmpty)
        let gone = state.apply(StoreWrite(deletions: [RecordID("2"), RecordID("2")]))
        #expect(gone == [RecordID("2")])
        #expect(state.read([RecordID("1"), RecordID("2")]).keys.sorted() == [RecordID("1")])
    }
}
