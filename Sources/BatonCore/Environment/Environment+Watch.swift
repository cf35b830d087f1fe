import struct Foundation.Date

extension Environment {
    /// The handle of `operation` with its variables: the one already held, or a new one, read
    /// from the store and fetched as `policy` says.
    ///
    /// Equal operations with equal variables get the same handle and share its requests; each
    /// call is one more holder, and a holder whose policy allows the network lets the handle
    /// fetch and heal. A store-only watch gets a handle of its own, which reads the store and
    /// never fetches, whatever other holders of the operation allow; a handle released with
    /// ``OperationHandle/dispose()`` is not returned again.
    /// - Parameters:
    ///   - operation: The query with its variables.
    ///   - policy: How this holder uses the store and the network (store-or-network by default).
    ///   - headers: Header fields sent with the handle's fetches, beside the environment's
    ///     (replacing a field of the same name); a later holder that gives some replaces them.
    /// - Returns: the handle, reading the store at once.
    public func watch<Operation: GraphQLOperation>(
        _ operation: Operation, policy: FetchPolicy = .storeOrNetwork, headers: [HeaderField] = []
    ) -> OperationHandle<Operation> {
        let key = Self.key(of: operation)
        let expiration = expiration(of: Operation.self)
        let storeOnly = policy == .storeOnly
        let handle = state.withLock { state -> OperationHandle<Operation> in
            if let existing = state.watcher(of: key, storeOnly: storeOnly) as? OperationHandle<Operation> { return existing }
            let handle = OperationHandle(operation: operation, key: key, environment: self, expiration: expiration)
            let id = state.register(handle, key: key, storeOnly: storeOnly)
            handle.inner.withLock { $0.watcherID = id }
            return handle
        }
        handle.hold(with: policy, headers: headers)
        return handle
    }

    /// How long `Operation`'s data stays fresh: its own `@cacheExpiration`, else this environment's.
    func expiration<Operation: GraphQLOperation>(of _: Operation.Type) -> Duration? {
        Operation.cacheExpiration ?? options.expiration
    }

    /// Forgets the handle `id`, which went.
    func unregister(watcher id: Int) {
        state.withLock { $0.unregister(id) }
    }

    /// The handle `id`'s last read saw `seen`; `identity` names them, and `change` says how
    /// they differ from those of the read before, when known.
    func watcher(_ id: Int, saw seen: SeenRecordSet, as identity: ObjectIdentifier? = nil, since change: SeenChange? = nil) {
        state.withLock { $0.saw(seen, watcher: id, as: identity, since: change) }
    }

    /// The records the handle `id`'s last read saw, as the index holds them.
    func watchedRecords(of id: Int) -> Set<RecordID> {
        state.withLock { $0.watched[id]?.seen.set ?? [] }
    }

    /// Applies `write` to the store through the executor, reports it and re-reads the handles
    /// whose records changed, except `excluded`. - Returns: the records that changed.
    @discardableResult
    package func publish(_ write: StoreWrite, excluding excluded: Int? = nil, operationName: String?) throws -> Set<RecordID> {
        try executor.publish(write, excluding: excluded, operationName: operationName)
    }
}
