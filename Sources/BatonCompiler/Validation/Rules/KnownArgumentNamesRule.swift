/// Argument Names (spec §5 Validation): every argument given to a field or directive is one it
/// defines.
package struct KnownArgumentNamesRule: ValidationRule {
    let context: ValidationContext
    private let directiveArguments: [String: [String]]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        var arguments: [String: [String]] = [:]
        for directive in context.schema.directives {
            arguments[directive.name] = directive.arguments.map(\.name)
        }
        for case .directive(let definition) in context.document.definitions {
            arguments[definition.name.value] = definition.arguments.map(\.name.value)
        }
        self.directiveArguments = arguments
    }

    static func unknownDirectiveArgumentMessage(_ argument: String, directive: String, suggestions: [String]) -> String {
        "Unknown argument \"\(argument)\" on directive \"@\(directive)\"." + didYouMean(suggestions)
    }

    static func unknownFieldArgumentMessage(_ argument: String, type: String, field: String, suggestions: [String])
        -> String
    {
        "Unknown argument \"\(argument)\" on field \"\(type).\(field)\"." + didYouMean(suggestions)
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .directive(let directive):
            let name = directive.name.value
            // A fragment's local arguments are its own names, checked by FragmentArgumentsRule.
            if name == FragmentArgumentDefinitions.argumentsDirective || name == FragmentArgumentDefinitions.definitionsDirective {
                return .skipChildren
            }
            if let known = directiveArguments[name] {
                for argument in directive.arguments where !known.contains(argument.name.value) {
                    context.report(
                        Self.unknownDirectiveArgumentMessage(
                            argument.name.value, directive: name,
                            suggestions: suggestionList(argument.name.value, known)),
                        at: [argument.location])
                }
            }
            return .skipChildren
        case .argument(let argument):
            guard context.argument == nil, let field = context.fieldDefinition, let parent = context.parentType,
                case .field(let fieldNode) = context.parentNode
            else { return .continue }
            context.report(
                Self.unknownFieldArgumentMessage(
                    argument.name.value, type: parent.name, field: fieldNode.name.value,
                    suggestions: suggestionList(argument.name.value, field.arguments.map(\.name))),
                at: [argument.location])
            return .continue
        default:
            return .continue
        }
    }
}
