import struct Foundation.Date

extension Environment {
    /// Sends `request`, stores each payload by `plan` and re-reads the handles that saw what
    /// changed (except `fetcher`, which `payloadStored` tells instead).
    ///
    /// The first payload is the result: a request error (errors and no data) fails the fetch and
    /// writes nothing. Later payloads (`@defer`) are written at their paths as they arrive, the
    /// handle ready with the first and the deferred parts pending until theirs.
    /// - Returns: success once the last payload is stored, or the fetch's failure.
    func fetchAndStore(
        _ request: GraphQLRequest, plan: OperationPlan, variables: JSONObject, key: OperationKey, fetcher: Int?,
        payloadStored: @Sendable () -> Void
    ) async -> Result<Void, Failure> {
        report(.fetchStarted, operationName: plan.name)
        var first = true
        var announced: [String: [GraphQLError.PathElement]] = [:]
        do {
            for try await response in transport.send(request) {
                if first {
                    first = false
                    let hasData = response.data.map { !$0.isNull } ?? false
                    if !hasData {
                        throw response.errors.isEmpty
                            ? Failure.malformed(IngestError(.notAResponse, "the response has neither \"data\" nor \"errors\""))
                            : Failure.request(response.errors)
                    }
                    // Compared with the store under the environment's write lock, so that no
                    // other write lands between what the comparison saw and this write.
                    try publish(excluding: fetcher, operationName: plan.name) {
                        try StoreBridge.write(
                            response, plan: plan, variables: variables, key: key, fetched: Date(), comparingWith: store)
                    }
                    StoreBridge.remember(response, in: &announced)
                } else {
                    let write = try StoreBridge.writeLaterPart(
                        response, plan: plan, variables: variables, key: key, base: recordSource(), announced: &announced)
                    try publish(write, excluding: fetcher, operationName: plan.name)
                }
                // The last payload's read is the fetch's own, when it ends.
                if response.hasNext == true { payloadStored() }
            }
            if first {
                if Task.isCancelled { throw Failure.transport(CancellationError()) }
                throw Failure.malformed(IngestError(.truncated, "the transport finished without a response"))
            }
        } catch {
            let failure = Failure(classifying: error)
            report(.fetchFailed(failure.kind, message: failure.eventMessage), operationName: plan.name)
            return .failure(failure)
        }
        report(.fetchSucceeded, operationName: plan.name)
        return .success(())
    }

    /// Reads `operation` from the store through the optimistic layers, with its verdict.
    func read<Operation: GraphQLOperation>(
        _ operation: Operation, key: OperationKey
    ) -> HandleState<Operation.Data>.Read {
        let source = recordSource()
        let read = StoreBridge.read(
            plan: Operation.plan, variables: operation.variables.json, key: key, source: source, events: events)
        let outcome: Result<Operation.Data, OperationFailure>
        do {
            outcome = .success(try Operation.Data(read))
        } catch {
            outcome = .failure(OperationFailure(error))
        }
        let kept = source.operation(key)
        return .init(
            outcome: outcome, errors: read.errors, missing: read.missing, seen: read.seenRecords,
            fetched: kept?.fetched, invalidated: kept?.isInvalidated ?? false)
    }
}
