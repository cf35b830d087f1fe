extension Environment {
    /// Runs `operation`'s query fetch through the executor: stores each payload (the first
    /// compared with what the store holds, so an unchanged repeat writes and notifies nothing)
    /// and re-reads the handles that saw what changed, except `fetcher`, which `payloadStored`
    /// tells after each payload but the last; with `superseded`, a payload that arrives once the
    /// run's task is cancelled or `superseded` says so is not stored.
    /// - Returns: the fetch's failure, or `nil` once the last payload is stored; and whether any
    ///   payload changed a record or the operation's errors.
    func runQuery(
        _ operation: ExecutableOperation, fetcher: Int?, superseded: (@Sendable () -> Bool)? = nil,
        payloadStored: () -> Void
    ) async -> (failure: Failure?, changedAnything: Bool) {
        var changedAnything = false
        let options = OperationExecutor.RunOptions(fetcher: fetcher, superseded: superseded)
        let failure = await executor.run(operation, over: transport, delivery: .result, options: options) { stored in
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
