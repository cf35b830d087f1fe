extension Environment {
    /// Changes the store with `update` (Relay's `commitLocalUpdate`): read and set fields,
    /// links and lists of links, create and delete records. What it changes is one write
    /// through the executor, so exactly the handles that saw a changed record read again.
    ///
    /// ```swift
    /// try environment.commitUpdate { store in
    ///     store[RecordID("Note:1")]?.setValue("Read later", for: "text")
    /// }
    /// ```
    /// - Parameter update: Changes the records it reads from `store`, which holds the store's
    ///   records (not the optimistic layers over them). It must not call the environment.
    /// - Throws: what `update` throws (then nothing is written), or the store's own error.
    public func commitUpdate(_ update: (RecordStoreProxy) throws -> Void) throws {
        var layer: Int?
        try executor.publish(operationName: nil, removingLayer: &layer) {
            let proxy = RecordStoreProxy(base: executor.storeRecords())
            try update(proxy)
            executor.appWrote(proxy)
            return proxy.write
        }
    }
}

extension OperationExecutor {
    /// The store's records, with no optimistic layer over them: what a write is built from.
    func storeRecords() -> LayeredRecords {
        LayeredRecords(store: store, layers: OptimisticLayers())
    }

    /// Whether a fetch may heal `missing`: not when every field of it is in a record the app created.
    func canHeal(_ missing: [MissingField]) -> Bool {
        guard !missing.isEmpty else { return true }
        return state.withLock { state in
            state.appRecords.isEmpty || missing.contains { !state.appRecords.contains($0.record) }
        }
    }

    /// Remembers the records an updater created: the app's, which the server cannot heal.
    func appWrote(_ proxy: RecordStoreProxy) {
        guard !proxy.created.isEmpty || !proxy.deleted.isEmpty else { return }
        state.withLock { state in
            state.appRecords.formUnion(proxy.created)
            state.appRecords.subtract(proxy.deleted)
        }
    }
}
