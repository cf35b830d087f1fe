/// Removes what only the client reads from the text sent to the server: the directives
/// `@required`, `@catch`, `@throwOnFieldError`, `@alias`, `@relay`, `@connection`, `@refetchable` and the edge directives (as Relay does), `@argumentDefinitions` and `@arguments`, `@cacheExpiration`, the mark of a field added for a connection, and the descriptions of
/// operations, fragments and variables, which servers of earlier specification editions
/// cannot parse; and the client's `__id` fields.
enum ClientDirectiveStripping {
    /// The directives Baton's reader acts on and servers do not.
    static let clientDirectives: Set<String> = [
        "required", "catch", "throwOnFieldError", "cacheExpiration", "alias", "relay", "connection", "appendEdge", "prependEdge", "appendNode",
        "prependNode", "deleteEdge", "deleteRecord", "argumentDefinitions", "arguments", "refetchable",
        ConnectionFieldInsertion.marker,
    ]

    /// The operation as sent: client directives and `__id` gone, and with them the variables
    /// only they used (a `$connections` of `@appendEdge`), which the server would refuse as unused.
    /// - Parameter fragments: the fragments it spreads, as sent.
    static func apply(to operation: OperationDefinitionNode, fragments: [FragmentDefinitionNode]) -> OperationDefinitionNode {
        var operation = apply(to: operation)
        var used = VariableUses()
        ASTNode.operationDefinition(operation).walk(&used)
        for fragment in fragments { ASTNode.fragmentDefinition(fragment).walk(&used) }
        operation.variableDefinitions.removeAll { !used.names.contains($0.variable.name.value) }
        return operation
    }

    static func apply(to operation: OperationDefinitionNode) -> OperationDefinitionNode {
        var operation = operation
        operation.description = nil
        operation.variableDefinitions = operation.variableDefinitions.map { definition in
            var definition = definition
            definition.description = nil
            return definition
        }
        operation.directives = strip(operation.directives)
        operation.selectionSet = apply(to: operation.selectionSet)
        return operation
    }

    static func apply(to fragment: FragmentDefinitionNode) -> FragmentDefinitionNode {
        var fragment = fragment
        fragment.description = nil
        fragment.directives = strip(fragment.directives)
        fragment.selectionSet = apply(to: fragment.selectionSet)
        return fragment
    }

    /// Recursion follows the document's nesting, which the parser bounds.
    private static func apply(to set: SelectionSetNode) -> SelectionSetNode {
        var set = set
        // `__id` is the client's (Relay): the store answers it, the server does not know it.
        set.selections = set.selections.filter { selection in
            if case .field(let field) = selection { return field.name.value != MetaFields.recordID.name }
            return true
        }
        set.selections = set.selections.map { selection in
            switch selection {
            case .field(var field):
                field.directives = strip(field.directives)
                field.selectionSet = field.selectionSet.map(apply(to:))
                return .field(field)
            case .inlineFragment(var fragment):
                fragment.directives = strip(fragment.directives)
                fragment.selectionSet = apply(to: fragment.selectionSet)
                return .inlineFragment(fragment)
            case .fragmentSpread(var spread):
                spread.directives = strip(spread.directives)
                return .fragmentSpread(spread)
            }
        }
        return set
    }

    private static func strip(_ directives: [DirectiveNode]) -> [DirectiveNode] {
        directives.filter { !clientDirectives.contains($0.name.value) }
    }
}

/// The names of the variables a definition uses, its own variable definitions left out.
private struct VariableUses: ASTVisitor {
    var names: Set<String> = []

    mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
        switch node {
        case .variableDefinition: return .skipChildren
        case .variable(let variable): names.insert(variable.name.value)
        default: break
        }
        return .continue
    }
}
