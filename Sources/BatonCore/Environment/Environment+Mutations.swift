extension Environment {
    /// Sends a mutation, stores its response and re-reads the handles whose records changed.
    ///
    /// With `optimisticResponse` or `optimisticUpdater`, a layer is laid over the store at once,
    /// so every handle shows the expected outcome while the mutation is in flight; server
    /// commits that land meanwhile go under the layer, and the optimistic updater runs again
    /// over them. The layer is removed exactly when the server answers (in the same step that
    /// stores the answer) or the mutation fails, and only then. Several mutations may overlap,
    /// each with its own layer.
    /// - Parameters:
    ///   - operation: The mutation with its variables.
    ///   - optimisticResponse: The `data` the server is expected to answer, possibly for part of
    ///     the selection only, at any depth: an object in it that omits selected fields lays the
    ///     fields it has over its record and leaves the rest as the store holds them.
    ///   - optimisticUpdater: Changes the store as the mutation is expected to (a count, a list),
    ///     in the mutation's layer, over the optimistic response; it must not call the environment.
    ///   - updater: Changes the store with the server's answer, in the same write that stores
    ///     it (Relay's `updater`); not run when the answer's data cannot be read.
    ///   - headers: Header fields sent with this mutation, beside the environment's (replacing a
    ///     field of the same name).
    ///   - allowsRetry: Whether a retrying transport (``RetryingTransport``) may send it again
    ///     after a failure that may have left it unexecuted; mutations are never retried otherwise.
    ///   - allowsBatching: Whether a batching transport (``BatchingTransport``) may send it in a
    ///     batch with other operations; `false` sends it alone.
    /// - Returns: the mutation's data, read from the server's answer, with the field errors the
    ///   answer carried (each also reported as a `fieldError` event).
    /// - Throws: ``OperationFailure``: ``OperationFailure/fetch(_:)`` when the mutation failed,
    ///   or a verdict about its data.
    @discardableResult
    public func mutate<Operation: GraphQLOperation>(
        _ operation: Operation, optimisticResponse: JSONObject? = nil,
        optimisticUpdater: (@Sendable (RecordStoreProxy) -> Void)? = nil,
        updater: (@Sendable (RecordStoreProxy, Operation.Data) -> Void)? = nil,
        headers: [HeaderField] = [], allowsRetry: Bool = false, allowsBatching: Bool = true
    ) async throws(OperationFailure) -> OperationResult<Operation.Data> {
        var executable = executable(operation, headers: headers)
        executable.request.allowsRetry = allowsRetry
        executable.request.allowsBatching = allowsBatching
        var layer: Int?
        if optimisticResponse != nil || optimisticUpdater != nil {
            do {
                let payload = try optimisticResponse.map { response throws(IngestError) in
                    try PayloadWrites.partial(
                        response, plan: Operation.plan, variables: executable.variables, key: executable.key,
                        base: executor.recordSource())
                }
                let write = payload.map {
                    executor.applyingListUpdates(
                        $0, plan: Operation.plan, variables: executable.variables, operationName: Operation.operationName)
                }
                // The edge directives are applied again over each commit beneath the layer.
                let rebase = payload.flatMap { payload -> (@Sendable (any RecordSource) -> StoreWrite)? in
                    guard Operation.plan.hasListUpdates else { return nil }
                    let (executor, variables) = (executor, executable.variables)
                    return { beneath in
                        executor.applyingListUpdates(
                            payload, plan: Operation.plan, variables: variables, over: beneath, operationName: Operation.operationName)
                    }
                }
                layer = executor.addLayer(write ?? StoreWrite(), rebase: rebase, updater: optimisticUpdater)
            } catch {
                throw .fetch(.malformed(error))
            }
        }
        var result: GraphQLResponse?
        var options = OperationExecutor.RunOptions(stampsFetch: false, comparesWithStore: false, layer: layer, needsResponses: true)
        if let updater { options.amend = Self.amending(with: updater, of: operation, executor: executor) }
        let failure = await executor.run(executable, over: transport, delivery: .result, options: options) { stored in
            if result == nil { result = stored.response }
        }
        if let failure { throw .fetch(failure) }
        guard let result else { throw .fetch(.noResult) }
        // A mutation's data is read from its answer, not the store: its field errors are
        // reported here, as a store read reports those it finds.
        for error in result.errors where error.path != nil {
            executor.report(.fieldError(path: error.path ?? [], code: error.code), operationName: Operation.operationName)
        }
        do {
            return OperationResult(data: try operation.data(from: result, events: events), errors: result.errors)
        } catch {
            throw OperationFailure(error)
        }
    }

    /// What adds `updater`'s changes to the write that stores a mutation's answer: it runs over
    /// the store with the answer's records laid over it, and a record it deletes is not written.
    private static func amending<Operation: GraphQLOperation>(
        with updater: @escaping @Sendable (RecordStoreProxy, Operation.Data) -> Void, of operation: Operation,
        executor: OperationExecutor
    ) -> @Sendable (GraphQLResponse, StoreWrite) throws -> StoreWrite {
        { response, write in
            guard let data = try? operation.data(from: response) else { return write }
            var answered = PendingWrite(base: executor.storeRecords())
            answered.apply(write)
            let proxy = RecordStoreProxy(base: answered)
            updater(proxy, data)
            executor.appWrote(proxy)
            let own = proxy.write
            var combined = write
            if !own.deletions.isEmpty {
                let deleted = Set(own.deletions)
                combined.records.removeAll { deleted.contains($0.id) }
                combined.deletions += own.deletions
            }
            combined.records += own.records
            return combined
        }
    }

    /// Writes `data` as if the server had answered `operation` with it, through the same ingest,
    /// and re-reads the handles whose records changed. The payload may carry part of the selection,
    /// at any depth: an object in it that omits selected fields writes the fields it has and leaves
    /// the rest of its record as it was. (A response from the network that omits a selected field
    /// is malformed.)
    /// - Parameters:
    ///   - operation: The operation whose plan reads the payload.
    ///   - data: The payload's `data`.
    /// - Throws: ``IngestError`` when the payload cannot be read by the plan; the store's own error.
    public func commitPayload<Operation: GraphQLOperation>(_ operation: Operation, data: JSONObject) throws {
        let write = try PayloadWrites.partial(
            data, plan: Operation.plan, variables: operation.variables.json, key: Self.key(of: operation),
            base: executor.recordSource())
        try publish(write, operationName: Operation.operationName)
    }
}
