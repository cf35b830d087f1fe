extension Environment {
    /// Fetches `operation` from the network once through the executor, stores what comes back
    /// (compared with what the store holds, so an unchanged answer notifies nothing), re-reads the
    /// handles whose records changed, and returns the data the server answered.
    /// - Parameters:
    ///   - operation: The query with its variables.
    ///   - headers: Header fields sent with this fetch, beside the environment's (replacing a
    ///     field of the same name).
    /// - Returns: the operation's data, read from the server's answer.
    /// - Throws: ``OperationFailure``: ``OperationFailure/fetch(_:)`` when the fetch failed, or a
    ///   verdict about its data.
    @discardableResult
    public func fetch<Operation: GraphQLOperation>(
        _ operation: Operation, headers: [HeaderField] = []
    ) async throws(OperationFailure) -> Operation.Data {
        try await data(of: operation, running: executable(operation, headers: headers), options: .init(needsResponses: true))
    }

    /// Runs `executable` through the executor and reads `operation`'s data from the first response.
    /// - Throws: ``OperationFailure/fetch(_:)`` when the run failed, or a verdict about the data.
    func data<Operation: GraphQLOperation>(
        of operation: Operation, running executable: ExecutableOperation, options: OperationExecutor.RunOptions
    ) async throws(OperationFailure) -> Operation.Data {
        var result: GraphQLResponse?
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

    /// Runs `operation`'s query fetch through the executor: stores each payload (the first
    /// compared with what the store holds, so an unchanged repeat writes and notifies nothing)
    /// and re-reads the handles that saw what changed, except `fetcher`, which `payloadStored`
    /// tells after each payload but the last.
    /// - Returns: the fetch's failure, or `nil` once the last payload is stored; and whether any
    ///   payload changed a record or the operation's errors.
    func fetch(
        _ operation: ExecutableOperation, fetcher: Int?, payloadStored: () -> Void
    ) async -> (failure: Failure?, changedAnything: Bool) {
        var changedAnything = false
        let failure = await executor.run(operation, over: transport, delivery: .result, options: .init(fetcher: fetcher)) { stored in
            changedAnything = changedAnything || stored.changedAnything
            // The last payload's read is the fetch's own, when it ends.
            if stored.hasNext { payloadStored() }
        }
        return (failure, changedAnything)
    }

    /// Reads `plan` from the store through the optimistic layers, with what the store keeps about
    /// the operation `key`.
    func read(_ plan: OperationPlan, variables: JSONObject, key: OperationKey) -> (read: RecordRead, kept: OperationRecord?) {
        executor.read(plan, variables: variables, key: key)
    }
}
