/// A field of an object or interface type (spec §3.6 Objects, `__Field`).
public struct Field: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The arguments, in order.
    public let arguments: [InputValue]
    /// The type.
    public let type: TypeReference
    /// Why the field is deprecated, when `@deprecated` marks it.
    public let deprecationReason: String?
    /// The directives applied to the definition (empty for a schema read from introspection).
    public let directives: [DirectiveNode]
    /// Where the field is defined, when it was read from SDL.
    public let location: SourceLocation?

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, arguments: [InputValue] = [], type: TypeReference,
        deprecationReason: String? = nil, directives: [DirectiveNode] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    /// Whether `@deprecated` marks it.
    public var isDeprecated: Bool { deprecationReason != nil }

    /// The argument named `name`.
    public func argument(named name: String) -> InputValue? {
        arguments.first { $0.name == name }
    }

    /// The levels `@semanticNonNull(levels:)` marks as never null except on error (0 is the field,
    /// 1 its list's items, and so on); `nil` when the directive is absent.
    public var semanticNonNullLevels: [Int]? {
        guard let directive = directives.first(where: { $0.name.value == "semanticNonNull" }) else { return nil }
        guard let levels = directive.argument(named: "levels") else { return [0] }
        switch levels {
        case .list(let list):
            return list.values.compactMap { if case .int(let level) = $0 { Int(level.value) } else { nil } }
        case .int(let level):
            return Int(level.value).map { [$0] } ?? []
        default:
            return []
        }
    }
}

extension Field {
    /// The value `@clientDefault(value:)` gives a client field until the app writes it; `nil`
    /// when the directive is absent.
    public var clientDefault: ValueNode? {
        directives.first { $0.name.value == "clientDefault" }?.argument(named: "value")
    }
}

/// An argument of a field or directive, or a field of an input object (spec §3.6.1, `__InputValue`).
public struct InputValue: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The type.
    public let type: TypeReference
    /// The default value as written; `nil` when there is none.
    public let defaultValue: ValueNode?
    /// Why it is deprecated, when `@deprecated` marks it.
    public let deprecationReason: String?
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, type: TypeReference, defaultValue: ValueNode? = nil,
        deprecationReason: String? = nil, directives: [DirectiveNode] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    /// Whether `@deprecated` marks it.
    public var isDeprecated: Bool { deprecationReason != nil }

    /// Whether a value must be given: the type is non-null and there is no default (spec §5.4.2.1).
    public var isRequired: Bool { type.isNonNull && defaultValue == nil }
}
