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
