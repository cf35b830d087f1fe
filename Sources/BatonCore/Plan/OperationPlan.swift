/// The plan of a named fragment: its type condition and selections, as generated code builds it.
public struct FragmentPlan: Sendable, Hashable {
    /// The fragment's name.
    public var name: String
    /// The type the fragment is on (`on Type`).
    public var typeCondition: String
    /// The concrete types the type condition admits.
    public var possibleTypes: Set<String>
    /// The fragment's selections.
    public var selections: [Selection]
    /// Whether the fragment carries `@throwOnFieldError`.
    public var throwsOnFieldError: Bool
    /// The key fields that identify objects in the store, from `baton.json` `cacheKeys`.
    public var cacheKeys: CacheKeys
    /// The response key under which the objects of an interface or union answer `__typename`:
    /// `__typename`, unless the documents answer another field under that key.
    public var typenameKey: String

    /// A fragment's plan, as generated code builds it.
    /// - Parameters:
    ///   - name: The fragment's name.
    ///   - typeCondition: The type the fragment is on.
    ///   - possibleTypes: The concrete types the type condition admits.
    ///   - selections: The fragment's selections.
    ///   - throwsOnFieldError: Whether the fragment carries `@throwOnFieldError`.
    ///   - cacheKeys: The key fields that identify objects; `id` for every type by default.
    ///   - typenameKey: The response key that holds an abstract object's `__typename`.
    @_spi(Generated) public init(
        name: String,
        typeCondition: String,
        possibleTypes: Set<String>,
        selections: [Selection],
        throwsOnFieldError: Bool = false,
        cacheKeys: CacheKeys = .default,
        typenameKey: String = "__typename"
    ) {
        self.name = name
        self.typeCondition = typeCondition
        self.possibleTypes = possibleTypes
        self.selections = selections
        self.throwsOnFieldError = throwsOnFieldError
        self.cacheKeys = cacheKeys
        self.typenameKey = typenameKey
    }
}

/// The plan of an operation: everything the runtime needs to send it, normalize its response
/// and read it back.
public struct OperationPlan: Sendable, Hashable {
    /// The operation's name.
    public var name: String
    /// Whether it is a query, a mutation or a subscription.
    public var operationType: GraphQLRequest.OperationType
    /// The root type's name (`Query`, `Mutation`, `Subscription`, or the schema's own names).
    public var rootTypename: String
    /// The selections on the root type.
    public var selections: [Selection] {
        didSet {
            connectionFields = Self.connectionFields(in: selections)
            hasListUpdates = Self.hasListUpdates(selections)
            lookupFields = Self.lookupFields(in: selections)
        }
    }
    /// The root fields the store can answer without a fetch (``PlanField/lookup``), bare or
    /// under inline fragments on the root type and `@include`/`@skip`.
    package private(set) var lookupFields: [RootLookupField]
    /// Whether a field of the selections carries an edge directive (`@appendEdge`, …).
    package private(set) var hasListUpdates: Bool
    /// Every `@connection` field the selections hold at any depth, each once: what a write of
    /// the operation's response merges into connections (none for most operations).
    package private(set) var connectionFields: [PlanField]
    /// Whether the operation carries `@throwOnFieldError`.
    public var throwsOnFieldError: Bool
    /// The key fields that identify objects in the store, from `baton.json` `cacheKeys`.
    public var cacheKeys: CacheKeys
    /// The response key under which the objects of an interface or union answer `__typename`:
    /// `__typename`, unless the document answers another field under that key
    /// (`__typename: id`), where the compiler chose one the document does not use.
    public var typenameKey: String

    /// An operation's plan, as generated code builds it.
    /// - Parameters:
    ///   - name: The operation's name.
    ///   - operationType: Whether it is a query, a mutation or a subscription.
    ///   - rootTypename: The root type's name.
    ///   - selections: The selections on the root type.
    ///   - throwsOnFieldError: Whether the operation carries `@throwOnFieldError`.
    ///   - cacheKeys: The key fields that identify objects; `id` for every type by default.
    ///   - typenameKey: The response key that holds an abstract object's `__typename`.
    @_spi(Generated) public init(
        name: String,
        operationType: GraphQLRequest.OperationType,
        rootTypename: String,
        selections: [Selection],
        throwsOnFieldError: Bool = false,
        cacheKeys: CacheKeys = .default,
        typenameKey: String = "__typename"
    ) {
        self.name = name
        self.operationType = operationType
        self.rootTypename = rootTypename
        self.selections = selections
        connectionFields = Self.connectionFields(in: selections)
        hasListUpdates = Self.hasListUpdates(selections)
        lookupFields = Self.lookupFields(in: selections)
        self.throwsOnFieldError = throwsOnFieldError
        self.cacheKeys = cacheKeys
        self.typenameKey = typenameKey
    }
}

extension OperationPlan {
    /// The `@connection` fields of `selections` at any depth, through fragments, conditions and
    /// deferrals, each once.
    static func connectionFields(in selections: [Selection]) -> [PlanField] {
        var found: [PlanField] = []
        func visit(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if field.connection != nil, !found.contains(field) { found.append(field) }
                    visit(field.selections)
                case .inlineFragment(let fragment): visit(fragment.selections)
                case .fragmentSpread(let spread): visit(spread.fragment.selections)
                case .condition(let condition): visit(condition.selections)
                case .deferred(let deferred): visit(deferred.selections)
                }
            }
        }
        visit(selections)
        return found
    }

    /// The fields of the root selections that are lookups, in order: bare, or reached through
    /// inline fragments (which on the root type always apply) and conditions, with the
    /// conditions on the way.
    static func lookupFields(in selections: [Selection]) -> [RootLookupField] {
        var found: [RootLookupField] = []
        func visit(_ selections: [Selection], conditions: [Condition]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    if field.lookup != nil { found.append(RootLookupField(field: field, conditions: conditions)) }
                case .inlineFragment(let fragment): visit(fragment.selections, conditions: conditions)
                case .condition(let condition):
                    visit(
                        condition.selections,
                        conditions: conditions + [Condition(variable: condition.variable, passingValue: condition.passingValue, selections: [])])
                case .fragmentSpread, .deferred: break
                }
            }
        }
        visit(selections, conditions: [])
        return found
    }

    /// Whether a field of `selections`, at any depth, carries an edge directive.
    static func hasListUpdates(_ selections: [Selection]) -> Bool {
        selections.contains { selection in
            switch selection {
            case .field(let field): return !field.listUpdates.isEmpty || hasListUpdates(field.selections)
            case .inlineFragment(let fragment): return hasListUpdates(fragment.selections)
            case .fragmentSpread(let spread): return hasListUpdates(spread.fragment.selections)
            case .condition(let condition): return hasListUpdates(condition.selections)
            case .deferred(let deferred): return hasListUpdates(deferred.selections)
            }
        }
    }
}
