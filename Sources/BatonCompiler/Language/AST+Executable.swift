/// OperationDefinition : Description? OperationType Name? VariablesDefinition? Directives? SelectionSet
/// | SelectionSet (spec §2.3); the shorthand form is a `query` with no name.
public struct OperationDefinitionNode: Sendable, Hashable {
    public var description: StringValueNode?
    public var operation: OperationType
    public var name: NameNode?
    public var variableDefinitions: [VariableDefinitionNode]
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var variable: VariableNode
    public var type: TypeNode
    public var defaultValue: ValueNode?
    public var directives: [DirectiveNode]
    public var location: SourceLocation

    public init(
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
    public var selections: [SelectionNode]
    public var location: SourceLocation

    public init(selections: [SelectionNode], location: SourceLocation = .synthesized) {
        self.selections = selections
        self.location = location
    }
}

/// Selection : Field | FragmentSpread | InlineFragment (spec §2.4).
public enum SelectionNode: Sendable, Hashable {
    case field(FieldNode)
    case fragmentSpread(FragmentSpreadNode)
    case inlineFragment(InlineFragmentNode)

    public var location: SourceLocation {
        switch self {
        case .field(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        }
    }

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
    public var alias: NameNode?
    public var name: NameNode
    public var arguments: [ArgumentNode]
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode?
    public var location: SourceLocation

    public init(
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
    public var name: NameNode
    public var directives: [DirectiveNode]
    public var location: SourceLocation

    public init(name: NameNode, directives: [DirectiveNode] = [], location: SourceLocation = .synthesized) {
        self.name = name
        self.directives = directives
        self.location = location
    }
}

/// InlineFragment : ... TypeCondition? Directives? SelectionSet (spec §2.8.2).
public struct InlineFragmentNode: Sendable, Hashable {
    public var typeCondition: NamedTypeNode?
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    public var location: SourceLocation

    public init(
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
    public var description: StringValueNode?
    public var name: NameNode
    public var typeCondition: NamedTypeNode
    public var directives: [DirectiveNode]
    public var selectionSet: SelectionSetNode
    public var location: SourceLocation

    public init(
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
