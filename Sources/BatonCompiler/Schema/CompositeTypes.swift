/// An object type (spec §3.6, `__Type` of kind `OBJECT`).
public struct ObjectType: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The interfaces the type declares, in order.
    public let interfaces: [String]
    /// The fields, in order; ``field(named:)`` looks one up by name in constant time.
    public let fields: [Field]
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?
    private let fieldIndex: [String: Int]

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, interfaces: [String] = [], fields: [Field],
        directives: [DirectiveNode] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.fields = fields
        self.directives = directives
        self.location = location
        self.fieldIndex = nameIndex(fields.map(\.name))
    }

    /// The field named `name` (meta fields such as `__typename` are the schema's to answer).
    public func field(named name: String) -> Field? {
        fieldIndex[name].map { fields[$0] }
    }
}

/// An interface type (spec §3.7, `__Type` of kind `INTERFACE`); it may itself implement interfaces.
public struct InterfaceType: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The interfaces it declares, in order.
    public let interfaces: [String]
    /// The fields, in order.
    public let fields: [Field]
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?
    private let fieldIndex: [String: Int]

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, interfaces: [String] = [], fields: [Field],
        directives: [DirectiveNode] = [], location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.interfaces = interfaces
        self.fields = fields
        self.directives = directives
        self.location = location
        self.fieldIndex = nameIndex(fields.map(\.name))
    }

    /// The field named `name`.
    public func field(named name: String) -> Field? {
        fieldIndex[name].map { fields[$0] }
    }
}

/// A union type (spec §3.8, `__Type` of kind `UNION`).
public struct UnionType: Sendable, Hashable {
    /// The name.
    public let name: String
    /// The description, if any.
    public let description: String?
    /// The member types, in order.
    public let members: [String]
    /// The directives applied in SDL, definition and extensions together; empty when read from introspection.
    public let directives: [DirectiveNode]
    /// Where it is defined, when it was read from SDL.
    public let location: SourceLocation?

    /// A value with the given parts; built in code it has no location.
    package init(
        name: String, description: String? = nil, members: [String], directives: [DirectiveNode] = [],
        location: SourceLocation? = nil
    ) {
        self.name = name
        self.description = description
        self.members = members
        self.directives = directives
        self.location = location
    }
}

/// Each name's first position in a list.
func nameIndex(_ names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(names.count)
    for (position, name) in names.enumerated() where index[name] == nil {
        index[name] = position
    }
    return index
}
