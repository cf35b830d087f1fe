import BatonCore

extension MemoryStore: SnapshotStore, CollectableStore {
    /// The store's contents at this moment; taking it costs nothing until the next write.
    public func recordSnapshot() -> any RecordSource {
        snapshot()
    }
}
