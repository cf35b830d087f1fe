extension OperationExecutor {
    /// `write` with the pages of `@connection` fields it holds merged into the connections the
    /// store holds (``ConnectionMerge``) and its edge directives applied (``ListUpdates``),
    /// reporting each page ignored and each connection not found. Called inside
    /// ``publish(excluding:operationName:removingLayer:building:)``'s `make`, under the writes
    /// lock, so the connections it builds on are the ones the write lands on.
    /// - Parameter extendingPages: whether the write's connection pages are pages already merged,
    ///   grown by streamed edges, which replace the connection's edges whatever their cursors.
    func mergingConnections(_ write: StoreWrite?, of operation: ExecutableOperation, extendingPages: Bool = false) -> StoreWrite? {
        let plan = operation.plan
        guard var write, !plan.connectionFields.isEmpty || plan.hasListUpdates else { return write }
        let base = storeSource()
        let report = { (kind: Event.Kind) in self.report(kind, operationName: operation.name) }
        ConnectionMerge.merge(
            &write, plan: plan, variables: operation.variables, base: base, extendingPages: extendingPages, report: report)
        ListUpdates.apply(&write, plan: plan, variables: operation.variables, base: base, report: report)
        return write
    }

    /// `write`, an optimistic payload's, with its edge directives applied over `base`, the store
    /// under the optimistic layers: the layer it becomes holds the connections as changed, so
    /// lifting it rolls them back exactly.
    func applyingListUpdates(_ write: StoreWrite, plan: OperationPlan, variables: JSONObject, operationName: String) -> StoreWrite {
        applyingListUpdates(write, plan: plan, variables: variables, over: recordSource(), operationName: operationName)
    }

    /// `write` with its edge directives applied over `base`, as the layer of an optimistic
    /// payload holds it, and again over the records beneath it after each commit (a page merged
    /// meanwhile shows under the optimistic edges at once).
    func applyingListUpdates(
        _ write: StoreWrite, plan: OperationPlan, variables: JSONObject, over base: some RecordSource, operationName: String
    ) -> StoreWrite {
        guard plan.hasListUpdates else { return write }
        var write = write
        ListUpdates.apply(&write, plan: plan, variables: variables, base: base) { kind in
            report(kind, operationName: operationName)
        }
        return write
    }

    /// What the store holds now, record by record: its snapshot, or reads through it.
    func storeSource() -> any RecordSource {
        (store as? any SnapshotStore)?.recordSnapshot() ?? StoreReadThrough(store: store)
    }
}
