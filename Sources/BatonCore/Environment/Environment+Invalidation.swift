import struct Foundation.Date

extension Environment {
    /// Makes everything the store holds stale, and refetches every handle held with a policy
    /// that allows the network (Relay's `invalidateStore`).
    ///
    /// The store keeps the time, so an operation fetched before it is stale after a relaunch
    /// too, until it fetches again; a store that fails to keep it leaves the live handles stale
    /// all the same.
    public func invalidate() {
        let now = Date()
        executor.invalidateEverything(at: now)
        for watcher in state.withLock({ $0.liveWatchers }) { watcher.invalidated(refetching: true) }
    }

    /// Refetches every handle held with a policy that allows the network whose data is stale
    /// (invalidated, expired, missing, never fetched) or whose last fetch failed: what an app
    /// calls when it comes back to the foreground or online.
    public func revalidate() {
        for watcher in state.withLock({ $0.liveWatchers }) { watcher.revalidate() }
    }

    /// Makes stale every operation whose last read saw `record` (Relay's `invalidateRecord`):
    /// the live handles among them, and the operations retained or in the release buffer, which
    /// the store keeps invalidated. A handle refetches on its next ``watch(_:policy:headers:)`` under
    /// store-or-network, or with ``OperationHandle/refetch()`` or ``revalidate()``.
    /// - Parameter record: The record that is out of date (`Character:1`).
    public func invalidate(record: RecordID) {
        let now = Date()
        let (keys, watchers) = state.withLock { $0.readers(of: record) }
        guard !keys.isEmpty else { return }
        var marks: [OperationKey: Date] = [:]
        for key in keys { marks[key] = now }
        // Kept through the executor like any write; a store that fails to keep it leaves the
        // live handles stale all the same.
        _ = try? publish(StoreWrite(invalidatedOperations: marks), operationName: nil)
        for watcher in watchers { watcher.invalidated(refetching: false) }
    }
}

extension OperationKey {
    /// The key under which a store keeps when everything it holds was last invalidated
    /// (``Environment/invalidate()``): no operation's id is `*`.
    static let everything = OperationKey(operationID: "*", variables: "")
}

extension OperationExecutor {
    /// Keeps `time` as the moment everything was invalidated, in the store through a write and
    /// here for reads.
    func invalidateEverything(at time: Date) {
        everythingInvalidated.withLock { $0 = .some(time) }
        _ = try? publish(StoreWrite(invalidatedOperations: [.everything: time]), operationName: nil)
    }

    /// Whether an operation the store keeps as `kept` is stale by an invalidation: its own, or
    /// one of everything after it fetched.
    func isInvalidated(_ kept: OperationRecord?) -> Bool {
        if kept?.isInvalidated == true { return true }
        let everything = everythingInvalidated.withLock { cached -> Date? in
            if let cached { return cached }
            // Read from the store once: an invalidation before a relaunch still counts.
            let stored = (try? store.operation(.everything))?.invalidated
            cached = .some(stored)
            return stored
        }
        guard let everything, let kept else { return false }
        guard let fetched = kept.fetched else { return true }
        return everything >= fetched
    }
}
