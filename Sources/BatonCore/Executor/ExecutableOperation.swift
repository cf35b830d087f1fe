/// One operation as the executor runs it: the request to send, and the plan, variables and key
/// by which what comes back is written and read. Generated operations and operations planned at
/// run time (the `baton` CLI's) are alike here.
struct ExecutableOperation: Sendable {
    /// The operation's name, for events.
    var name: String
    /// How its response is normalized and read.
    var plan: OperationPlan
    /// The variables it is sent with.
    var variables: JSONObject
    /// The key under which the store remembers it with its variables.
    var key: OperationKey
    /// The request the environment built for it (headers, `onError`, timeout).
    var request: GraphQLRequest
}

extension Environment {
    /// `operation` as the executor runs it in this environment, with `headers` for this operation.
    func executable<Operation: GraphQLOperation>(_ operation: Operation, headers: [HeaderField] = []) -> ExecutableOperation {
        ExecutableOperation(
            name: Operation.operationName, plan: Operation.plan, variables: operation.variables.json,
            key: Self.key(of: operation), request: request(for: operation, headers: headers))
    }
}

extension Environment {
    /// `Query` as the executor runs it here with `variables` given as JSON: a refetch query's,
    /// whose variables a fragment handle holds as values rather than as `Query.Variables`.
    func executable<Query: GraphQLOperation>(_: Query.Type, variables: JSONObject) -> ExecutableOperation {
        let request = GraphQLRequest(
            query: Query.document, operationName: Query.operationName, operationType: Query.operationType,
            variables: variables.isEmpty ? nil : variables, onError: options.onError ?? Query.onError,
            headers: options.headers, timeout: options.timeout)
        return ExecutableOperation(
            name: Query.operationName, plan: Query.plan, variables: variables,
            key: OperationKey(operationID: Query.operationID, variables: Self.canonicalText(variables)), request: request)
    }
}
