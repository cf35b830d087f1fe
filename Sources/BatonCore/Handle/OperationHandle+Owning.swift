extension OperationHandle: OwningWatcher {
    /// How long the operation's data stays fresh after a fetch, which its fragments' handles share.
    var expiration: Duration? { inner.withLock { $0.machine.expiration } }

    /// A fragment handle of this operation's data found data missing: fetches, as the handle's
    /// own read would heal, unless a fetch is in flight or no holder allows the network.
    func healRequested() {
        let wantsFetch = inner.withLock { $0.machine.allowsNetwork && $0.task == nil }
        if wantsFetch { startFetch() }
    }
}
