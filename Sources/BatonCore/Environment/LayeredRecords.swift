/// The records an environment reads: the store's, with the optimistic layers merged over them.
struct LayeredRecords: RecordSource {
    let base: any RecordSource
    let layers: OptimisticLayers

    /// The records of `store` now, under `layers`.
    init(store: any Store, layers: OptimisticLayers) {
        base = (store as? any SnapshotStore)?.recordSnapshot() ?? StoreReadThrough(store: store)
        self.layers = layers
    }

    /// The base's record `id`, with every layer's copy merged over it.
    func record(_ id: RecordID) -> StoreRecord? {
        let record = base.record(id)
        return layers.isEmpty ? record : layers.record(id, over: record)
    }

    /// What the store keeps about operation `key`.
    func operation(_ key: OperationKey) -> OperationRecord? {
        base.operation(key)
    }
}

/// A source over a store that cannot hand out a snapshot: each call reads the store (a record
/// its medium fails to give is absent).
struct StoreReadThrough: RecordSource {
    let store: any Store

    func record(_ id: RecordID) -> StoreRecord? {
        (try? store.read(StoreRead(ids: [id])))?[id]
    }

    func operation(_ key: OperationKey) -> OperationRecord? {
        try? store.operation(key)
    }
}

extension Environment {
    /// The records handles read now: the store's, under the optimistic layers.
    func recordSource() -> LayeredRecords {
        LayeredRecords(store: store, layers: state.withLock { $0.layers })
    }
}
