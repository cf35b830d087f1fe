extension Environment {
    /// Sends a mutation, stores its response and re-reads the handles whose records changed.
    ///
    /// With `optimisticResponse`, its records are laid over the store at once, so every handle
    /// shows the expected outcome while the mutation is in flight; server commits that land
    /// meanwhile go under the layer. The layer is removed exactly when the server answers (in
    /// the same step that stores the answer) or the mutation fails, and only then. Several
    /// mutations may overlap, each with its own layer.
    /// - Parameters:
    ///   - operation: The mutation with its variables.
    ///   - optimisticResponse: The `data` the server is expected to answer, possibly for part of
    ///     the selection only, at any depth: an object in it that omits selected fields lays the
    ///     fields it has over its record and leaves the rest as the store holds them.
    /// - Returns: the mutation's data, read from the server's answer.
    /// - Throws: ``OperationFailure``: ``OperationFailure/fetch(_:)`` when the mutation failed,
    ///   or a verdict about its data.
    @discardableResult
    public func mutate<Operation: GraphQLOperation>(
        _ operation: Operation, optimisticResponse: JSONObject? = nil
    ) async throws(OperationFailure) -> Operation.Data {
        let executable = executable(operation)
        var layer: Int?
        if let optimisticResponse {
            do {
                let write = try PayloadWrites.partial(
                    optimisticResponse, plan: Operation.plan, variables: executable.variables, key: executable.key,
                    base: executor.recordSource())
                layer = executor.addLayer(
                    executor.applyingListUpdates(
                        write, plan: Operation.plan, variables: executable.variables, operationName: Operation.operationName))
            } catch {
                throw .fetch(.malformed(error))
            }
        }
        var result: GraphQLResponse?
        let options = OperationExecutor.RunOptions(stampsFetch: false, comparesWithStore: false, layer: layer, needsResponses: true)
        let failure = await executor.run(executable, over: transport, delivery: .result, options: options) { stored in
            if result == nil { result = stored.response }
        }
        if let failure { throw .fetch(failure) }
        guard let result else { throw .fetch(.noResult) }
        do {
            return try operation.data(from: result, events: events)
        } catch {
            throw OperationFailure(error)
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
