// The type-system definitions of the AST (spec §3). Their node kinds are public, so a walk over
// SDL and a switch over `ASTNode` stay whole, but their parts are package: outside the package,
// types are read through `Schema`, which these nodes build, the one public model of types.

/// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ } (spec §3.3).
public struct SchemaDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    package var description: StringValueNode?
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The root operation types, in order.
    package var operationTypes: [OperationTypeDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var operation: OperationType
    /// The root type.
    package var type: NamedTypeNode
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(operation: OperationType, type: NamedTypeNode, location: SourceLocation = .synthesized) {
        self.operation = operation
        self.type = type
        self.location = location
    }
}

/// TypeDefinition (spec §3.4): one of the six kinds of named type.
public enum TypeDefinitionNode: Sendable, Hashable {
    /// A scalar type: `scalar Name`.
    case scalar(ScalarTypeDefinitionNode)
    /// An object type: `type Name { … }`.
    case object(ObjectTypeDefinitionNode)
    /// An interface type: `interface Name { … }`.
    case interface(InterfaceTypeDefinitionNode)
    /// A union type: `union Name = A | B`.
    case union(UnionTypeDefinitionNode)
    /// An enum type: `enum Name { … }`.
    case `enum`(EnumTypeDefinitionNode)
    /// An input object type: `input Name { … }`.
    case inputObject(InputObjectTypeDefinitionNode)

    /// The name of the type.
    package var name: NameNode {
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
    package var location: SourceLocation {
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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The interfaces it implements, in order.
    package var interfaces: [NamedTypeNode]
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The field definitions, in order.
    package var fields: [FieldDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The interfaces it implements, in order.
    package var interfaces: [NamedTypeNode]
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The field definitions, in order.
    package var fields: [FieldDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The argument definitions, in order.
    package var arguments: [InputValueDefinitionNode]
    /// The type, as written.
    package var type: TypeNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The type, as written.
    package var type: TypeNode
    /// The default value, if one is written.
    package var defaultValue: ValueNode?
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The member types, in order.
    package var types: [NamedTypeNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The value definitions, in order.
    package var values: [EnumValueDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The input field definitions, in order.
    package var fields: [InputValueDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
    package var description: StringValueNode?
    /// The name.
    package var name: NameNode
    /// The argument definitions, in order.
    package var arguments: [InputValueDefinitionNode]
    /// Whether the directive may appear more than once at a location.
    package var isRepeatable: Bool
    /// Where the directive may appear, as written.
    package var locations: [NameNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

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
