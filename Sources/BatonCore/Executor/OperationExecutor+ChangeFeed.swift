extension OperationExecutor {
    /// Subscribes to the store's changes made elsewhere, when the store reports them.
    /// - Returns: the subscription, `nil` for a store that is not a ``ChangeFeedStore``.
    func subscribeToStoreChanges() -> StoreChangeSubscription? {
        guard let store = store as? any ChangeFeedStore else { return nil }
        return store.subscribeToChanges(
            StoreChangeSubscriber { [weak self] change in
                self?.storeChangedElsewhere(change)
            })
    }

    /// Re-reads the handles `change` concerns, through the same notify path as the
    /// environment's own writes, and reports `store.changedElsewhere`.
    func storeChangedElsewhere(_ change: StoreChange) {
        report(
            .storeChangedElsewhere(changedRecords: change.records.count, operations: change.operations.count, lost: change.lost),
            operationName: nil)
        let watchers = state.withLock { state -> [any RecordWatcher] in
            if change.lost { return state.liveWatchers }
            var watchers = state.watchers(seeing: change.records, excluding: nil)
            for key in change.operations {
                for storeOnly in [false, true] {
                    guard let watcher = state.watcher(of: key, storeOnly: storeOnly), !watchers.contains(where: { $0 === watcher })
                    else { continue }
                    watchers.append(watcher)
                }
            }
            return watchers
        }
        // Counted, so no handle keeps a read from before it; each is read anew.
        _ = writes.withLock { _ in stepDone() }
        for watcher in watchers { watcher.recordsChanged(nil) }
    }
}
