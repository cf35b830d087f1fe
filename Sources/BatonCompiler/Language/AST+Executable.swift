/// OperationDefinition : Description? OperationType Name? VariablesDefinition? Directives? SelectionSet
/// | SelectionSet (spec §2.3); the shorthand form is a `query` with no name.
public struct OperationDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The kind of operation.
    public var operation: OperationType
    /// The name, if one is written.
    public var name: NameNode?
    /// The variable definitions, in order.
    public var variableDefinitions: [VariableDefinitionNode]
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The selections.
    public var selectionSet: SelectionSetNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, operation: OperationType, name: NameNode? = nil,
        variableDefinitions: [VariableDefinitionNode] = [], directives: [DirectiveNode] = [],
        selectionSet: SelectionSetNode, location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.operation = operation
        self.name = name
        self.variableDefinitions = variableDefinitions
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]? (spec §2.10).
public struct VariableDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The variable defined.
    public var variable: VariableNode
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
        description: StringValueNode? = nil, variable: VariableNode, type: TypeNode, defaultValue: ValueNode? = nil,
        directives: [DirectiveNode] = [], location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.variable = variable
        self.type = type
        self.defaultValue = defaultValue
        self.directives = directives
        self.location = location
    }
}

/// SelectionSet : { Selection+ } (spec §2.4).
public struct SelectionSetNode: Sendable, Hashable {
    /// The selections, in order.
    public var selections: [SelectionNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(selections: [SelectionNode], location: SourceLocation = .synthesized) {
        self.selections = selections
        self.location = location
    }
}

/// Selection : Field | FragmentSpread | InlineFragment (spec §2.4).
public enum SelectionNode: Sendable, Hashable {
    /// A field, with its alias, arguments, directives and selections.
    case field(FieldNode)
    /// A spread of a named fragment: `...Name`.
    case fragmentSpread(FragmentSpreadNode)
    /// An inline fragment: `... on Type { … }`.
    case inlineFragment(InlineFragmentNode)

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

    /// The directives applied to the selection.
    public var directives: [DirectiveNode] {
        switch self {
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        }
    }
}

/// Field : Alias? Name Arguments? Directives? SelectionSet? (spec §2.5); Alias : Name : (spec §2.7).
public struct FieldNode: Sendable, Hashable {
    /// The alias, if one is written.
    public var alias: NameNode?
    /// The name.
    public var name: NameNode
    /// The arguments, in order.
    public var arguments: [ArgumentNode]
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The selections of a field of a composite type; `nil` for a leaf field.
    public var selectionSet: SelectionSetNode?
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        alias: NameNode? = nil, name: NameNode, arguments: [ArgumentNode] = [], directives: [DirectiveNode] = [],
        selectionSet: SelectionSetNode? = nil, location: SourceLocation = .synthesized
    ) {
        self.alias = alias
        self.name = name
        self.arguments = arguments
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }

    /// The key the field's value has in a response: the alias if there is one, else the name.
    public var responseKey: String { alias?.value ?? name.value }
}

/// FragmentSpread : ... FragmentName Directives? (spec §2.8).
public struct FragmentSpreadNode: Sendable, Hashable {
    /// The name.
    public var name: NameNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(name: NameNode, directives: [DirectiveNode] = [], location: SourceLocation = .synthesized) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// InlineFragment : ... TypeCondition? Directives? SelectionSet (spec §2.8.2).
public struct InlineFragmentNode: Sendable, Hashable {
    /// The type the fragment applies to; `nil` for the type of the enclosing selection set.
    public var typeCondition: NamedTypeNode?
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The selections.
    public var selectionSet: SelectionSetNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        typeCondition: NamedTypeNode? = nil, directives: [DirectiveNode] = [], selectionSet: SelectionSetNode,
        location: SourceLocation = .synthesized
    ) {
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}

/// FragmentDefinition : Description? fragment FragmentName TypeCondition Directives? SelectionSet (spec §2.8).
public struct FragmentDefinitionNode: Sendable, Hashable {
    /// The description written before it (spec §3.2 Descriptions).
    public var description: StringValueNode?
    /// The name.
    public var name: NameNode
    /// The type the fragment applies to.
    public var typeCondition: NamedTypeNode
    /// The directives applied, in order.
    public var directives: [DirectiveNode]
    /// The selections.
    public var selectionSet: SelectionSetNode
    /// Where the node starts: its first token, which is its description when it has one.
    public var location: SourceLocation

    /// A node with the given parts; a node built in code is located at ``SourceLocation/synthesized``.
    package init(
        description: StringValueNode? = nil, name: NameNode, typeCondition: NamedTypeNode,
        directives: [DirectiveNode] = [], selectionSet: SelectionSetNode, location: SourceLocation = .synthesized
    ) {
        self.description = description
        self.name = name
        self.typeCondition = typeCondition
        self.directives = directives
        self.selectionSet = selectionSet
        self.location = location
    }
}
