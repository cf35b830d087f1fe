extension OperationHandle: OwningWatcher {
    /// How long the operation's data stays fresh after a fetch, which its fragments' handles share.
    var expiration: Duration? { inner.withLock { $0.machine.expiration } }

    /// A fragment handle of this operation's data found data missing: fetches, as the handle's
    /// own read would heal (once per fetch, unless one is in flight or no holder allows the network).
    func healRequested(for missing: [MissingField]) {
        let wantsFetch = inner.withLock { $0.task == nil && $0.machine.healRequested() }
        if wantsFetch { heal(missing) }
    }
}
