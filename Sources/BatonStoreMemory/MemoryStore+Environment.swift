import BatonCore

extension MemoryStore: SnapshotStore, NumberedRecordStore {
    /// The store's contents at this moment; taking it costs nothing until the next write.
    public func recordSnapshot() -> any RecordSource {
        snapshot()
    }

    /// Every record the store holds now; taking them costs nothing until the next write.
    public func allRecords() -> [RecordID: StoreRecord] {
        state.withLock { $0.records }
    }

    /// The records held that no root reaches, marked over the store's numbered records.
    package func unreachableRecords(roots: Set<RecordID>, operationRoots: Set<RecordID>) -> [RecordID] {
        state.withLock { $0.unreachable(roots: roots, operationRoots: operationRoots) }
    }
}
