extension Environment {
    // A payload built in Swift holds what a response holds, and nothing it was not given: its
    // JSON is written as it is, so a field it leaves out (a type case's, under a `__typename` its
    // initializer did not choose) keeps what the store holds rather than becoming null.

    /// Sends a mutation with an optimistic response built in Swift, with the generated data
    /// type's memberwise initializers, so a payload that leaves out a non-null field does not
    /// compile; otherwise as
    /// ``mutate(_:optimisticResponse:optimisticUpdater:updater:headers:allowsRetry:allowsBatching:)-(_,JSONObject?,_,_,_,_,_)``.
    /// - Parameters:
    ///   - operation: The mutation with its variables.
    ///   - optimisticResponse: The data the server is expected to answer.
    ///   - optimisticUpdater: Changes the store as the mutation is expected to, in its layer.
    ///   - updater: Changes the store with the server's answer, in the same write.
    ///   - headers: Header fields sent with this mutation, beside the environment's.
    ///   - allowsRetry: Whether a retrying transport may send it again.
    ///   - allowsBatching: Whether a batching transport may send it in a batch.
    /// - Returns: the mutation's data with the field errors its answer carried.
    /// - Throws: ``OperationFailure`` as the untyped form throws.
    @discardableResult
    public func mutate<Operation: GraphQLOperation>(
        _ operation: Operation, optimisticResponse: Operation.Data,
        optimisticUpdater: (@Sendable (RecordStoreProxy) -> Void)? = nil,
        updater: (@Sendable (RecordStoreProxy, Operation.Data) -> Void)? = nil,
        headers: [HeaderField] = [], allowsRetry: Bool = false, allowsBatching: Bool = true
    ) async throws(OperationFailure) -> OperationResult<Operation.Data> {
        try await mutate(
            operation, optimisticResponse: optimisticResponse.__data.json, optimisticUpdater: optimisticUpdater,
            updater: updater, headers: headers, allowsRetry: allowsRetry, allowsBatching: allowsBatching)
    }

    /// Writes `data`, built in Swift, as if the server had answered `operation` with it; as
    /// ``commitPayload(_:data:)`` with a JSON object.
    /// - Parameters:
    ///   - operation: The operation whose plan reads the payload.
    ///   - data: The payload, built with the generated data type's memberwise initializers.
    /// - Throws: ``IngestError`` when the payload cannot be read by the plan; the store's own error.
    public func commitPayload<Operation: GraphQLOperation>(_ operation: Operation, data: Operation.Data) throws {
        try commitPayload(operation, data: data.__data.json)
    }
}
