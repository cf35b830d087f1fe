/// A scalar type (spec §3.5, `__Type` of kind `SCALAR`).
public struct ScalarType: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The URL `@specifiedBy(url:)` gives for a custom scalar.
    public let specifiedByURL: String?
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, specifiedByURL: String? = nil, directives: [DirectiveNode] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.directives = directives
        self.location = location
    }

    /// The names of the scalars every schema has (spec §3.5 Built-in Scalars).
    package static let builtInNames: Set<String> = ["Int", "Float", "String", "Boolean", "ID"]

    /// Whether this is one of the built-in scalars.
    public var isBuiltIn: Bool { Self.builtInNames.contains(name) }
}

/// An enum type (spec §3.9, `__Type` of kind `ENUM`).
public struct EnumType: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The values, in order.
    public let values: [EnumValue]
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?
    private let valueIndex: [String: Int]

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, values: [EnumValue], directives: [DirectiveNode] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.values = values
        self.directives = directives
        self.location = location
        self.valueIndex = nameIndex(values.map(\.name))
    }

    /// The value named `name`.
    public func value(named name: String) -> EnumValue? {
        valueIndex[name].map { values[$0] }
    }
}

/// One value of an enum type (`__EnumValue`).
public struct EnumValue: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// Why it is deprecated, when `@deprecated` marks it.
    public let deprecationReason: String?
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, deprecationReason: String? = nil, directives: [DirectiveNode] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
        self.directives = directives
        self.location = location
    }

    /// Whether `@deprecated` marks it.
    public var isDeprecated: Bool { deprecationReason != nil }
}

/// An input object type (spec §3.10, `__Type` of kind `INPUT_OBJECT`).
public struct InputObjectType: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The fields, in order.
    public let fields: [InputValue]
    /// Whether `@oneOf` marks it: exactly one field must be given, and not as null (spec §3.10.1).
    public let isOneOf: Bool
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?
    private let fieldIndex: [String: Int]

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, fields: [InputValue], isOneOf: Bool = false,
        directives: [DirectiveNode] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.fields = fields
        self.isOneOf = isOneOf
        self.directives = directives
        self.location = location
        self.fieldIndex = nameIndex(fields.map(\.name))
    }

    /// The field named `name`.
    public func field(named name: String) -> InputValue? {
        fieldIndex[name].map { fields[$0] }
    }
}

/// A directive a schema defines (spec §3.13, `__Directive`).
public struct Directive: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The arguments, in order.
    public let arguments: [InputValue]
    /// Whether the directive may appear more than once at a location.
    public let isRepeatable: Bool
    /// Where the directive may appear.
    public let locations: [DirectiveLocation]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, arguments: [InputValue] = [], isRepeatable: Bool = false,
        locations: [DirectiveLocation], location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }

    /// The argument named `name`.
    public func argument(named name: String) -> InputValue? {
        arguments.first { $0.name == name }
    }
}
