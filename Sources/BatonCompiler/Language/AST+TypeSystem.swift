/// SchemaDefinition : Description? schema Directives[Const]? { RootOperationTypeDefinition+ } (spec §3.3).
public struct SchemaDefinitionNode: Sendable, Hashable {
    public var description: StringValueNode?
    public var directives: [DirectiveNode]
    public var operationTypes: [OperationTypeDefinitionNode]
    public var location: SourceLocation

    public init(
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
    public var operation: OperationType
    public var type: NamedTypeNode
    public var location: SourceLocation

    public init(operation: OperationType, type: NamedTypeNode, location: SourceLocation = .synthesized) {
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
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var interfaces: [NamedTypeNode]
    public var directives: [DirectiveNode]
    public var fields: [FieldDefinitionNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var interfaces: [NamedTypeNode]
    public var directives: [DirectiveNode]
    public var fields: [FieldDefinitionNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var arguments: [InputValueDefinitionNode]
    public var type: TypeNode
    public var directives: [DirectiveNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var type: TypeNode
    public var defaultValue: ValueNode?
    public var directives: [DirectiveNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var types: [NamedTypeNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var values: [EnumValueDefinitionNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var fields: [InputValueDefinitionNode]
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var arguments: [InputValueDefinitionNode]
    public var isRepeatable: Bool
    public var locations: [NameNode]
    public var location: SourceLocation

    public init(
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
