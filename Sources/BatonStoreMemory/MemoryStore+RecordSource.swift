import BatonCore

extension MemoryStore.Snapshot: SnapshotRecordSource {
    /// The record with ID `id` at the moment of the snapshot.
    /// An empty snapshot (a first fetch compared with an empty store) answers without hashing.
    public func record(_ id: RecordID) -> StoreRecord? { records.isEmpty ? nil : records[id] }

    /// What the store kept about operation `key` at the moment of the snapshot.
    public func operation(_ key: OperationKey) -> OperationRecord? { operations[key] }
}
