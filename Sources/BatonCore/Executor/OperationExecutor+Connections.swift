extension OperationExecutor {
    /// `write` with the pages of `@connection` fields it holds merged into the connections the
    /// store holds (``ConnectionMerge``), reporting each page ignored. Called inside
    /// ``publish(excluding:operationName:removingLayer:building:)``'s `make`, under the writes
    /// lock, so the connection it builds on is the one the write lands on.
    func mergingConnections(_ write: StoreWrite?, of operation: ExecutableOperation) -> StoreWrite? {
        guard var write, !operation.plan.connectionFields.isEmpty else { return write }
        ConnectionMerge.merge(&write, plan: operation.plan, variables: operation.variables, base: storeSource()) { kind in
            report(kind, operationName: operation.name)
        }
        return write
    }

    /// What the store holds now, record by record: its snapshot, or reads through it.
    func storeSource() -> any RecordSource {
        (store as? any SnapshotStore)?.recordSnapshot() ?? StoreReadThrough(store: store)
    }
}
