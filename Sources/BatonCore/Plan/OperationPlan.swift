/// The plan of a named fragment: its type condition and selections, as generated code builds it.
public struct FragmentPlan: Sendable, Hashable {
    public var name: String
    public var typeCondition: String
    /// The concrete types the type condition admits.
    public var possibleTypes: Set<String>
    public var selections: [Selection]
    /// Whether the fragment carries `@throwOnFieldError`.
    public var throwsOnFieldError: Bool

    public init(
        name: String,
        typeCondition: String,
        possibleTypes: Set<String>,
        selections: [Selection],
        throwsOnFieldError: Bool = false
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.possibleTypes = possibleTypes
        self.selections = selections
        self.throwsOnFieldError = throwsOnFieldError
    }
}

/// The plan of an operation: everything the runtime needs to send it, normalize its response
/// and read it back.
public struct OperationPlan: Sendable, Hashable {
    public var name: String
    public var operationType: GraphQLRequest.OperationType
    /// The root type's name (`Query`, `Mutation`, `Subscription`, or the schema's own names).
    public var rootTypename: String
    public var selections: [Selection]
    /// Whether the operation carries `@throwOnFieldError`.
    public var throwsOnFieldError: Bool

    public init(
        name: String,
        operationType: GraphQLRequest.OperationType,
        rootTypename: String,
        selections: [Selection],
        throwsOnFieldError: Bool = false
    ) {
        self.name = name
        self.operationType = operationType
        self.rootTypename = rootTypename
        self.selections = selections
        self.throwsOnFieldError = throwsOnFieldError
    }
}
