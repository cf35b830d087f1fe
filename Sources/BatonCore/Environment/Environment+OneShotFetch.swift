extension Environment {
    /// Fetches `operation` once, stores what comes back and returns its data: Relay's
    /// `fetchQuery`, for a caller that wants a value rather than a handle (a server, a script, a test).
    ///
    /// It runs through the operation's handle, as a holder that lets go on return: a handle of
    /// the operation already held shares its fetch in flight, and what comes back re-reads every
    /// handle that saw a record it changed.
    /// - Parameters:
    ///   - operation: The query with its variables.
    ///   - policy: ``FetchPolicy/storeOrNetwork`` (the default) returns the store's data when it
    ///     is all there and fresh, else fetches; ``FetchPolicy/networkOnly`` and
    ///     ``FetchPolicy/storeAndNetwork`` always fetch and return what the server answered;
    ///     ``FetchPolicy/storeOnly`` reads the store alone.
    ///   - headers: Header fields sent with this fetch, beside the environment's (replacing a
    ///     field of the same name).
    /// - Returns: the data, read from the store once the fetch is stored, with the field errors
    ///   beside it.
    /// - Throws: ``OperationFailure`` as the handle's phase would fail:
    ///   ``OperationFailure/fetch(_:)`` when the fetch failed (even with older data in the
    ///   store), or a verdict about the data (`@throwOnFieldError`, a `@required` root, data a
    ///   store-only fetch lacks).
    public func fetch<Operation: GraphQLOperation>(
        _ operation: Operation, policy: FetchPolicy = .storeOrNetwork, headers: [HeaderField] = []
    ) async throws(OperationFailure) -> OperationResult<Operation.Data> {
        let handle = watch(operation, policy: policy, headers: headers)
        return try await handle.result()
    }

    /// Starts fetching `operation` before a screen shows it (Relay's `loadQuery`): a later
    /// ``watch(_:policy:headers:)`` of the same operation and variables joins this fetch, with no second
    /// request, and finds its data when it has come.
    ///
    /// Keep the returned value until the screen watches the operation; dropping it (or calling
    /// ``PreloadedOperation/dispose()``) before any watch cancels the fetch.
    /// - Parameter operation: The query with its variables.
    /// - Returns: the preload, which holds the operation's handle while it is kept.
    public func preload<Operation: GraphQLOperation>(_ operation: Operation) -> PreloadedOperation<Operation> {
        PreloadedOperation(operation: operation, handle: watch(operation))
    }
}

extension OperationHandle {
    /// The data once the fetch in flight (and a heal it starts) has ended, with its errors:
    /// what a caller awaits instead of watching the snapshots until the phase is ready.
    ///
    /// ```swift
    /// let handle = environment.watch(NoteQuery(id: "1"))
    /// let note = try await handle.result().note
    /// ```
    /// - Returns: the data with the field errors beside it; at once when no fetch is in flight.
    /// - Throws: ``OperationFailure``: the failure of the fetch it awaited (even when older data
    ///   is shown), or the phase's verdict.
    public func result() async throws(OperationFailure) -> OperationResult<Operation.Data> {
        var awaited: BatonCore.Failure?
        var fetched = false
        while let task = inner.withLock({ $0.task }) {
            await task.value
            fetched = true
            awaited = inner.withLock { $0.machine.fetch.failure }
        }
        if fetched, let awaited { throw .fetch(awaited) }
        let snapshot = snapshot
        switch snapshot.phase {
        case .ready(let data): return OperationResult(data: data, errors: snapshot.errors)
        case .failed(let failure): throw failure
        case .loading: throw .fetch(snapshot.fetch.failure ?? .noResult)
        }
    }
}
