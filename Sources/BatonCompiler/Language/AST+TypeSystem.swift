/// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ } (spec §3.3).
public struct SchemaDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The root operation types, in order.
    public var operationTypes: [OperationTypeDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, directives: [DirectiveNode] = [],
        operationTypes: [OperationTypeDefinitionNode], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

/// RootOperationTypeDefinition : OperationType : NamedType (spec §3.3.1).
public struct OperationTypeDefinitionNode: Sendable, Hashable {
    /// The kind of operation.
    public var operation: OperationType
    /// The root type.
    public var type: NamedTypeNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(operation: OperationType, type: NamedTypeNode, location: SourceLocation = .synthesized) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// TypeDefinition (spec §3.4): one of the six kinds of named type.
public enum TypeDefinitionNode: Sendable, Hashable {
    case scalar(ScalarTypeDefinitionNode)
    case object(ObjectTypeDefinitionNode)
    case interface(InterfaceTypeDefinitionNode)
    case union(UnionTypeDefinitionNode)
    case `enum`(EnumTypeDefinitionNode)
    case inputObject(InputObjectTypeDefinitionNode)

    /// The name of the type.
    public var name: NameNode {
        switch self {
        case .scalar(let node): node.name
        case .object(let node): node.name
        case .interface(let node): node.name
        case .union(let node): node.name
        case .enum(let node): node.name
        case .inputObject(let node): node.name
        }
    }

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .scalar(let node): node.location
        case .object(let node): node.location
        case .interface(let node): node.location
        case .union(let node): node.location
        case .enum(let node): node.location
        case .inputObject(let node): node.location
        }
    }
}

/// ScalarTypeDefinition : Description? scalar Name Directives[Const]? (spec §3.5).
public struct ScalarTypeDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// ObjectTypeDefinition : Description? type Name ImplementsInterfaces? Directives[Const]?
/// FieldsDefinition? (spec §3.6).
public struct ObjectTypeDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The interfaces it implements, in order.
    public var interfaces: [NamedTypeNode]
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The field definitions, in order.
    public var fields: [FieldDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, interfaces: [NamedTypeNode] = [],
        directives: [DirectiveNode] = [], fields: [FieldDefinitionNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// InterfaceTypeDefinition : Description? interface Name ImplementsInterfaces? Directives[Const]?
/// FieldsDefinition? (spec §3.7).
public struct InterfaceTypeDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The interfaces it implements, in order.
    public var interfaces: [NamedTypeNode]
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The field definitions, in order.
    public var fields: [FieldDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, interfaces: [NamedTypeNode] = [],
        directives: [DirectiveNode] = [], fields: [FieldDefinitionNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// FieldDefinition : Description? Name ArgumentsDefinition? : Type Directives[Const]? (spec §3.6).
public struct FieldDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The argument definitions, in order.
    public var arguments: [InputValueDefinitionNode]
    /// The type, as written.
    public var type: TypeNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, arguments: [InputValueDefinitionNode] = [],
        type: TypeNode, directives: [DirectiveNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.type = type
        self.directives = directives
        self.location = location
    }
}

/// InputValueDefinition : Description? Name : Type DefaultValue? Directives[Const]? (spec §3.6.1);
/// an argument or an input object's field.
public struct InputValueDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The type, as written.
    public var type: TypeNode
    /// The default value, if one is written.
    public var defaultValue: ValueNode?
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, type: TypeNode, defaultValue: ValueNode? = nil,
        directives: [DirectiveNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// UnionTypeDefinition : Description? union Name Directives[Const]? UnionMemberTypes? (spec §3.8).
public struct UnionTypeDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The member types, in order.
    public var types: [NamedTypeNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        types: [NamedTypeNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.types = types
        self.location = location
    }
}

/// EnumTypeDefinition : Description? enum Name Directives[Const]? EnumValuesDefinition? (spec §3.9).
public struct EnumTypeDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The value definitions, in order.
    public var values: [EnumValueDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        values: [EnumValueDefinitionNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.values = values
        self.location = location
    }
}

/// EnumValueDefinition : Description? EnumValue Directives[Const]? (spec §3.9).
public struct EnumValueDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// InputObjectTypeDefinition : Description? input Name Directives[Const]? InputFieldsDefinition? (spec §3.10).
public struct InputObjectTypeDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The input field definitions, in order.
    public var fields: [InputValueDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, directives: [DirectiveNode] = [],
        fields: [InputValueDefinitionNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// DirectiveDefinition : Description? directive @ Name ArgumentsDefinition? repeatable? on
/// DirectiveLocations (spec §3.13); each location is a name the parser has checked.
public struct DirectiveDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The argument definitions, in order.
    public var arguments: [InputValueDefinitionNode]
    /// Whether the directive may appear more than once at a location.
    public var isRepeatable: Bool
    /// Where the directive may appear, as written.
    public var locations: [NameNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, arguments: [InputValueDefinitionNode] = [],
        isRepeatable: Bool = false, locations: [NameNode], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.arguments = arguments
        self.isRepeatable = isRepeatable
        self.locations = locations
        self.location = location
    }
}
