/// Removes what only the client reads from the text sent to the server: the directives
/// `@required`, `@catch`, `@throwOnFieldError`, `@alias` and `@relay` (as Relay does), `@cacheExpiration`, and the descriptions of
/// operations, fragments and variables, which servers of earlier specification editions
/// cannot parse.
enum ClientDirectiveStripping {
    /// The directives Baton's reader acts on and servers do not.
    static let clientDirectives: Set<String> = ["required", "catch", "throwOnFieldError", "cacheExpiration", "alias", "relay"]

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
