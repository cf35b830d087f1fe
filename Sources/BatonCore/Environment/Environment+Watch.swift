import struct Foundation.Date

extension Environment {
    /// The handle of `operation` with its variables: the one already held, or a new one, read
    /// from the store and fetched as `policy` says.
    ///
    /// Equal operations with equal variables get the same handle and share its requests; each
    /// call is one more holder, and a holder whose policy allows the network lets the handle
    /// fetch and heal.
    /// - Parameters:
    ///   - operation: The query with its variables.
    ///   - policy: How this holder uses the store and the network (store-or-network by default).
    /// - Returns: the handle, reading the store at once.
    public func watch<Operation: GraphQLOperation>(
        _ operation: Operation, policy: FetchPolicy = .storeOrNetwork
    ) -> OperationHandle<Operation> {
        let key = Self.key(of: operation)
        let expiration = expiration(of: Operation.self)
        let handle = state.withLock { state -> OperationHandle<Operation> in
            if let existing = state.watcher(of: key) as? OperationHandle<Operation> { return existing }
            let handle = OperationHandle(operation: operation, key: key, environment: self, expiration: expiration)
            let id = state.register(handle, key: key)
            handle.inner.withLock { $0.watcherID = id }
            return handle
        }
        handle.hold(with: policy)
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

    /// The handle `id`'s last read saw `seen`.
    func watcher(_ id: Int, saw seen: Set<RecordID>) {
        state.withLock { $0.saw(seen, watcher: id) }
    }

    /// Applies `write` to the store, tells the sinks how many records changed
    /// (`store.published`), and re-reads every handle that saw a record it changed, except
    /// `excluded` (which re-reads on its own).
    /// - Parameters:
    ///   - write: what to write.
    ///   - excluded: the handle that re-reads on its own.
    ///   - operationName: the operation whose payload the write holds, for the event.
    /// - Returns: the records that changed.
    /// - Throws: the store's own error.
    @discardableResult
    package func publish(_ write: StoreWrite, excluding excluded: Int? = nil, operationName: String?) throws -> Set<RecordID> {
        try publish(excluding: excluded, operationName: operationName) { write }
    }

    /// Builds a write with `make` and publishes it as ``publish(_:excluding:operationName:)``
    /// does, with no other write of this environment between the two: a write that leaves out
    /// what the store holds alike (a repeat fetch) is then exactly what writing the whole
    /// response would leave.
    /// - Parameters:
    ///   - excluded: the handle that re-reads on its own.
    ///   - operationName: the operation whose payload the write holds, for the event.
    ///   - make: builds the write from what the store holds at that moment.
    /// - Returns: the records that changed.
    /// - Throws: what `make` throws, or the store's own error.
    @discardableResult
    func publish(
        excluding excluded: Int? = nil, operationName: String?, building make: () throws -> StoreWrite
    ) throws -> Set<RecordID> {
        let changed = try writes.withLock { count in
            count += 1
            return try store.write(try make()).changed
        }
        report(.storePublished(changedRecords: changed.count), operationName: operationName)
        notify(changed, excluding: excluded)
        return changed
    }

    /// Re-reads every handle that saw one of `changed`, except `excluded`.
    func notify(_ changed: Set<RecordID>, excluding excluded: Int? = nil) {
        guard !changed.isEmpty else { return }
        let watchers = state.withLock { $0.watchers(seeing: changed, excluding: excluded) }
        for watcher in watchers { watcher.recordsChanged() }
    }

    /// Reports `kind` for `operationName` to the sinks.
    func report(_ kind: Event.Kind, operationName: String?) {
        events.receive(Event(kind, operationName: operationName))
    }
}
