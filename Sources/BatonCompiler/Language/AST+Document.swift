// The abstract syntax tree (spec §2). Every node is a value with the location of its first token;
// names follow graphql-js's node kinds with a `Node` suffix, so validation rules port directly.

/// A name, as written (spec §2.1.9).
public struct NameNode: Sendable, Hashable {
    /// The value as written (names and numbers) or with escapes applied (strings).
    public var value: String
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(_ value: String, location: SourceLocation = .synthesized) {
        self.value = value
        self.location = location
    }
}

/// Document : Definition+ (spec §2.2).
public struct DocumentNode: Sendable, Hashable {
    /// The definitions, in order.
    public var definitions: [DefinitionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(definitions: [DefinitionNode], location: SourceLocation = .synthesized) {
        self.definitions = definitions
        self.location = location
    }

    /// The operation definitions, in order.
    public var operations: [OperationDefinitionNode] {
        definitions.compactMap { if case .operation(let node) = $0 { node } else { nil } }
    }

    /// The fragment definitions, in order.
    public var fragments: [FragmentDefinitionNode] {
        definitions.compactMap { if case .fragment(let node) = $0 { node } else { nil } }
    }

    /// The first fragment definition named `name`.
    public func fragment(named name: String) -> FragmentDefinitionNode? {
        for case .fragment(let node) in definitions where node.name.value == name { return node }
        return nil
    }
}

/// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension (spec §2.2).
public enum DefinitionNode: Sendable, Hashable {
    /// An operation: a query, mutation or subscription.
    case operation(OperationDefinitionNode)
    /// A named fragment: `fragment Name on Type { … }`.
    case fragment(FragmentDefinitionNode)
    /// A schema definition: `schema { query: Query }`.
    case schema(SchemaDefinitionNode)
    /// A type definition: a scalar, object, interface, union, enum or input object.
    case type(TypeDefinitionNode)
    /// A directive definition: `directive @name on LOCATION`.
    case directive(DirectiveDefinitionNode)
    /// A schema extension: `extend schema …`.
    case schemaExtension(SchemaExtensionNode)
    /// A type extension: `extend type …` and its kin.
    case typeExtension(TypeExtensionNode)

    /// Whether this is an operation or a fragment (spec ExecutableDefinition).
    public var isExecutable: Bool {
        switch self {
        case .operation, .fragment: true
        case .schema, .type, .directive, .schemaExtension, .typeExtension: false
        }
    }

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .operation(let node): node.location
        case .fragment(let node): node.location
        case .schema(let node): node.location
        case .type(let node): node.location
        case .directive(let node): node.location
        case .schemaExtension(let node): node.location
        case .typeExtension(let node): node.location
        }
    }
}

/// OperationType : one of `query` `mutation` `subscription` (spec §2.3).
public enum OperationType: String, Sendable, Hashable, CaseIterable {
    /// A `query`: reads data.
    case query
    /// A `mutation`: changes data, its root fields run in order.
    case mutation
    /// A `subscription`: a stream of events.
    case subscription
}

/// Directive[Const] : @ Name Arguments[?Const]? (spec §2.12).
public struct DirectiveNode: Sendable, Hashable {
    /// The name.
    public var name: NameNode
    /// The arguments, in order.
    public var arguments: [ArgumentNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, arguments: [ArgumentNode] = [], location: SourceLocation = .synthesized) {
        self.name = name
        self.arguments = arguments
        self.location = location
    }

    /// The value of the argument named `name`, if given.
    public func argument(named name: String) -> ValueNode? {
        arguments.first { $0.name.value == name }?.value
    }
}

/// Argument[Const] : Name : Value[?Const] (spec §2.6).
public struct ArgumentNode: Sendable, Hashable {
    /// The name.
    public var name: NameNode
    /// The value.
    public var value: ValueNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, value: ValueNode, location: SourceLocation = .synthesized) {
        self.name = name
        self.value = value
        self.location = location
    }
}
