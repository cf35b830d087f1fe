import BatonCore

extension MemoryStore: SnapshotStore, CollectableStore {
    /// The store's contents at this moment; taking it costs nothing until the next write.
    public func recordSnapshot() -> any RecordSource {
        snapshot()
    }

    /// Every record the store holds now; taking them costs nothing until the next write.
    public func allRecords() -> [RecordID: StoreRecord] {
        state.withLock { $0.records }
    }
}
