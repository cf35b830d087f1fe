/// A field in a plan: how to find it in a response, how to key it in a record, what type the
/// schema gives it, and the Relay directives that shape how it is read.
public struct PlanField: Sendable, Hashable {
    /// The schema's name for the field.
    public var name: String
    /// The alias, when the operation renamed the field in the response.
    public var alias: String?
    /// The arguments as written, variables unresolved.
    public var arguments: [PlanArgument]
    /// The schema's type for the field.
    public var type: PlanType
    /// The sub-selections of an object, interface or union field; empty for a leaf.
    public var selections: [Selection]
    /// `@required(action:)` on this field, if any.
    public var required: RequiredAction?
    /// `@catch(to:)` on this field, if any.
    public var catchTo: CatchTarget?
    /// The levels `@semanticNonNull(levels:)` declares non-null in meaning (0 is the field itself).
    public var semanticNonNullLevels: [Int]
    /// `@connection(key:filters:)` on this field, if any: its pages merge into one connection record.
    public var connection: PlanConnection?
    /// The edge directives on this field (`@appendEdge`, `@deleteRecord`, …), in the order written.
    public var listUpdates: [PlanListUpdate]
    /// How the store answers this root field without a fetch (`baton.json` `lookups`), if it can.
    public var lookup: RecordLookup?
    /// Whether the field is the client's (a client schema extension's): never sent, absent from
    /// every response, and read as null until the app writes it, with no `missing` event.
    public var isClientField: Bool
    /// What a non-null client field reads as until the app writes it (`@clientDefault(value:)`
    /// on its definition), as JSON; `nil` for every other field.
    public var clientDefault: JSONValue?
    /// Whether the compiler added the field for the runtime rather than the document selecting it
    /// (what a `@connection` field pages with: each edge's `cursor`, its node's `__typename` and
    /// `id`, and `pageInfo`): sent and stored as any field, its omission from a response malformed,
    /// but not in the typed data, and never reported missing when a record lacks it.
    public var isHidden: Bool

    /// A field's plan, as generated code builds it.
    /// - Parameters:
    ///   - name: The schema's name for the field.
    ///   - alias: The alias, when the operation renamed the field.
    ///   - arguments: The arguments as written, variables unresolved.
    ///   - type: The schema's type for the field.
    ///   - selections: The sub-selections; empty for a leaf.
    ///   - required: `@required(action:)` on the field, if any.
    ///   - catchTo: `@catch(to:)` on the field, if any.
    ///   - semanticNonNullLevels: The levels `@semanticNonNull(levels:)` declares non-null.
    ///   - connection: `@connection(key:filters:)` on the field, if any.
    ///   - listUpdates: The edge directives on the field.
    ///   - lookup: How the store answers the root field without a fetch, if it can.
    ///   - isClientField: Whether the field is the client's.
    ///   - clientDefault: What a client field reads as until the app writes it.
    ///   - isHidden: Whether the compiler added the field for the runtime, out of the typed data.
    @_spi(Generated) public init(
        name: String,
        alias: String? = nil,
        arguments: [PlanArgument] = [],
        type: PlanType,
        selections: [Selection] = [],
        required: RequiredAction? = nil,
        catchTo: CatchTarget? = nil,
        semanticNonNullLevels: [Int] = [],
        connection: PlanConnection? = nil,
        listUpdates: [PlanListUpdate] = [],
        lookup: RecordLookup? = nil,
        isClientField: Bool = false,
        clientDefault: JSONValue? = nil,
        isHidden: Bool = false
    ) {
        self.name = name
        self.alias = alias
        self.arguments = arguments
        self.type = type
        self.selections = selections
        self.required = required
        self.catchTo = catchTo
        self.semanticNonNullLevels = semanticNonNullLevels
        self.connection = connection
        self.listUpdates = listUpdates
        self.lookup = lookup
        self.isClientField = isClientField
        self.clientDefault = clientDefault
        self.isHidden = isHidden
    }

    /// The member name in the response: the alias, or the name.
    public var responseKey: String { alias ?? name }
}

/// `@required(action:)`: what a null in this field does (Relay).
public enum RequiredAction: String, Sendable, Hashable, Comparable {
    /// Null bubbles to the parent silently.
    case none = "NONE"
    /// Null bubbles to the parent and a `requiredFieldMissing` event is logged.
    case log = "LOG"
    /// Reading the field throws.
    case `throw` = "THROW"

    private var strength: Int {
        switch self {
        case .none: return 0
        case .log: return 1
        case .throw: return 2
        }
    }

    /// Orders actions from weakest to strongest: `none`, `log`, `throw`.
    public static func < (lhs: RequiredAction, rhs: RequiredAction) -> Bool { lhs.strength < rhs.strength }
}

/// `@catch(to:)`: what a field error in this field becomes when read (Relay).
public enum CatchTarget: String, Sendable, Hashable {
    /// A `Result`: the value, or the field's errors.
    case result = "RESULT"
    /// `nil`, the errors recorded but not thrown.
    case null = "NULL"
}

/// An argument of a field or directive as written: a literal or built from variables.
public struct PlanArgument: Sendable, Hashable {
    /// The argument's name.
    public var name: String
    /// The argument's value, variables unresolved.
    public var value: PlanValue

    /// The argument `name` with `value`.
    @_spi(Generated) public init(name: String, value: PlanValue) {
        self.name = name
        self.value = value
    }
}

/// An input value in a plan: JSON, with variables left to resolve per fetch.
public indirect enum PlanValue: Sendable, Hashable {
    /// A value written in the document.
    case literal(JSONValue)
    /// The variable of this name (without `$`), resolved per fetch.
    case variable(String)
    /// A list whose elements may hold variables.
    case list([PlanValue])
    /// An input object whose fields may hold variables.
    case object([PlanArgument])

    /// The value under `variables`; an absent variable resolves to `nil`, which drops an argument.
    public func resolved(variables: JSONObject) -> JSONValue? {
        switch self {
        case .literal(let value):
            return value
        case .variable(let name):
            return variables[name]
        case .list(let elements):
            return .list(elements.map { $0.resolved(variables: variables) ?? .null })
        case .object(let members):
            var object = JSONObject()
            for member in members {
                if let value = member.value.resolved(variables: variables) { object[member.name] = value }
            }
            return .object(object)
        }
    }
}

/// An output type as the schema writes it.
public indirect enum PlanType: Sendable, Hashable, CustomStringConvertible {
    /// A named type: scalar, enum, object, interface or union.
    case named(String)
    /// A non-null wrapper (`Type!`).
    case nonNull(PlanType)
    /// A list wrapper (`[Type]`).
    case list(PlanType)

    /// The named type at the bottom of the wrappers.
    public var namedType: String {
        switch self {
        case .named(let name): return name
        case .nonNull(let inner), .list(let inner): return inner.namedType
        }
    }

    /// Whether the outermost wrapper is non-null.
    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without an outermost non-null wrapper.
    public var nullable: PlanType {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    public var description: String {
        switch self {
        case .named(let name): return name
        case .nonNull(let inner): return "\(inner)!"
        case .list(let inner): return "[\(inner)]"
        }
    }
}
