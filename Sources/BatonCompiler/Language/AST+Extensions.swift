// The type-system extensions of the AST (spec §3). Their node kinds are public, so a walk over
// SDL and a switch over `ASTNode` stay whole, but their parts are package: outside the package,
// types are read through `Schema`, which these nodes build, the one public model of types.

/// SchemaExtension : extend schema Directives[Const]? { RootOperationTypeDefinition+ }
/// | extend schema Directives[Const] (spec §3.3.2).
public struct SchemaExtensionNode: Sendable, Hashable {
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// The root operation types, in order.
    package var operationTypes: [OperationTypeDefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        directives: [DirectiveNode] = [], operationTypes: [OperationTypeDefinitionNode] = [],
        location: SourceLocation = .synthesized
    ) {
        self.directives = directives
        self.operationTypes = operationTypes
        self.location = location
    }
}

/// TypeExtension (spec §3.4.3): one of the six kinds of type extension.
public enum TypeExtensionNode: Sendable, Hashable {
    /// `extend scalar`.
    case scalar(ScalarTypeExtensionNode)
    /// `extend type`.
    case object(ObjectTypeExtensionNode)
    /// `extend interface`.
    case interface(InterfaceTypeExtensionNode)
    /// `extend union`.
    case union(UnionTypeExtensionNode)
    /// `extend enum`.
    case `enum`(EnumTypeExtensionNode)
    /// `extend input`.
    case inputObject(InputObjectTypeExtensionNode)

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

/// ScalarTypeExtension : extend scalar Name Directives[Const] (spec §3.5.1).
public struct ScalarTypeExtensionNode: Sendable, Hashable {
    /// The name.
    package var name: NameNode
    /// The directives applied, in order.
    package var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    package var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, directives: [DirectiveNode], location: SourceLocation = .synthesized) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// ObjectTypeExtension : extend type Name ImplementsInterfaces? Directives[Const]? FieldsDefinition
/// (or with the fields left out, at least one of the others) (spec §3.6.3).
public struct ObjectTypeExtensionNode: Sendable, Hashable {
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
        name: NameNode, interfaces: [NamedTypeNode] = [], directives: [DirectiveNode] = [],
        fields: [FieldDefinitionNode] = [], location: SourceLocation = .synthesized
    ) {
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// InterfaceTypeExtension : extend interface Name ImplementsInterfaces? Directives[Const]?
/// FieldsDefinition (or with the fields left out, at least one of the others) (spec §3.7.1).
public struct InterfaceTypeExtensionNode: Sendable, Hashable {
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
        name: NameNode, interfaces: [NamedTypeNode] = [], directives: [DirectiveNode] = [],
        fields: [FieldDefinitionNode] = [], location: SourceLocation = .synthesized
    ) {
        self.name = name
        self.interfaces = interfaces
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}

/// UnionTypeExtension : extend union Name Directives[Const]? UnionMemberTypes
/// | extend union Name Directives[Const] (spec §3.8.1).
public struct UnionTypeExtensionNode: Sendable, Hashable {
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
        name: NameNode, directives: [DirectiveNode] = [], types: [NamedTypeNode] = [],
        location: SourceLocation = .synthesized
    ) {
        self.name = name
        self.directives = directives
        self.types = types
        self.location = location
    }
}

/// EnumTypeExtension : extend enum Name Directives[Const]? EnumValuesDefinition
/// | extend enum Name Directives[Const] (spec §3.9.1).
public struct EnumTypeExtensionNode: Sendable, Hashable {
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
        name: NameNode, directives: [DirectiveNode] = [], values: [EnumValueDefinitionNode] = [],
        location: SourceLocation = .synthesized
    ) {
        self.name = name
        self.directives = directives
        self.values = values
        self.location = location
    }
}

/// InputObjectTypeExtension : extend input Name Directives[Const]? InputFieldsDefinition
/// | extend input Name Directives[Const] (spec §3.10.1).
public struct InputObjectTypeExtensionNode: Sendable, Hashable {
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
        name: NameNode, directives: [DirectiveNode] = [], fields: [InputValueDefinitionNode] = [],
        location: SourceLocation = .synthesized
    ) {
        self.name = name
        self.directives = directives
        self.fields = fields
        self.location = location
    }
}
