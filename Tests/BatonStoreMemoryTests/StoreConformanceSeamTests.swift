import BatonCore
import BatonStoreMemory
import BatonTestSupport
import Testing

/// The store suite's checks of what a store may offer beyond `Store`: snapshots and a list of
/// its records for collection. It fails a store that adopts either and breaks it, and passes a
/// store that adopts neither.
@Suite struct StoreConformanceSeamTests {
    /// A memory store seen only as a `Store`.
    class PlainStore: Store, @unchecked Sendable {
        let inner = MemoryStore()

        func read(_ read: StoreRead) throws -> [RecordID: StoreRecord] { inner.read(read) }
        func write(_ write: StoreWrite) throws -> StoreWriteResult { inner.write(write) }
        func operation(_ operation: OperationKey) throws -> OperationRecord? { inner.operation(operation) }
    }

    /// A store whose snapshot reads the store as it is when asked, not as it was when taken.
    final class LiveSnapshotStore: PlainStore, SnapshotStore, @unchecked Sendable {
        struct Live: RecordSource {
            let store: MemoryStore
            func record(_ id: RecordID) -> StoreRecord? { store.read(StoreRead(ids: [id]))[id] }
            func operation(_ key: OperationKey) -> OperationRecord? { store.operation(key) }
        }

        func recordSnapshot() -> any RecordSource { Live(store: inner) }
    }

    /// A store that leaves record 2 out of its list.
    final class ShortListStore: PlainStore, CollectableStore, @unchecked Sendable {
        func allRecords() -> [RecordID: StoreRecord] {
            var records = inner.allRecords()
            records[RecordID("2")] = nil
            return records
        }
    }

    /// A store that lists its records and drops a write of deletions alone, as a collection's is.
    final class DeletionsAloneStore: PlainStore, CollectableStore, @unchecked Sendable {
        func allRecords() -> [RecordID: StoreRecord] { inner.allRecords() }

        override func write(_ write: StoreWrite) throws -> StoreWriteResult {
            guard write.records.isEmpty, !write.deletions.isEmpty else { return inner.write(write) }
            return StoreWriteResult(changed: [])
        }
    }

    /// The failure of `check` for the store `makeStore` makes, or `nil` when it passed.
    static func failure(_ check: StoreConformance.Check, _ makeStore: @escaping @Sendable () -> any Store) async -> String? {
        do {
            try await StoreConformance(makeStore: makeStore).run(check)
            return nil
        } catch {
            #expect(error.check == check)
            return error.message
        }
    }

    @Test func aStoreThatAdoptsNeitherPassesBoth() async {
        #expect(await Self.failure(.snapshots) { PlainStore() } == nil)
        #expect(await Self.failure(.collection) { PlainStore() } == nil)
    }

    @Test func aSnapshotThatSeesLaterWritesFails() async {
        let message = await Self.failure(.snapshots) { LiveSnapshotStore() }
        #expect(
            message?.hasPrefix(#"the same snapshot after a later write: record "1" field "name": expected "Ada", got "Grace""#) == true,
            "\(String(describing: message))")
    }

    @Test func aListThatLeavesARecordOutFails() async {
        let message = await Self.failure(.collection) { ShortListStore() }
        #expect(
            message == #"after a root record and three others were written: allRecords(): record "2" is absent"#,
            "\(String(describing: message))")
    }

    @Test func aStoreThatDropsTheCollectionsDeletionsFails() async {
        let message = await Self.failure(.collection) { DeletionsAloneStore() }
        #expect(message?.hasPrefix(#"after Environment.collect(): allRecords() listed ["1", "2"]"#) == true, "\(String(describing: message))")
    }

    @Test func theBuiltInStoresAdoptBoth() {
        let store: any Store = MemoryStore()
        #expect(store is any SnapshotStore)
        #expect(store is any CollectableStore)
    }
}
