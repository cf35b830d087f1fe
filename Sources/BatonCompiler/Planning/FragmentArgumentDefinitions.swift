/// One local argument of a fragment, as `@argumentDefinitions(count: {type: "Int", defaultValue: 10})`
/// declares it (Relay's fragment arguments): a spread sets it with `@arguments(count: …)`.
package struct FragmentArgumentDefinition: Sendable, Hashable {
    /// The argument's name, which the fragment reads as `$name`.
    package var name: String
    /// The type named by `type`.
    package var type: TypeNode
    /// `defaultValue`, when given.
    package var defaultValue: ValueNode?
    /// Where the argument is declared.
    package var location: SourceLocation

    /// Whether a spread must give the argument: a non-null type with no default.
    package var isRequired: Bool {
        if case .nonNull = type { return defaultValue == nil }
        return false
    }
}

/// Reads the fragment-argument directives, `@argumentDefinitions` on a fragment and `@arguments`
/// on its spread (Relay's names), for validation and for planning.
package enum FragmentArgumentDefinitions {
    /// The directive that declares a fragment's local arguments.
    package static let definitionsDirective = "argumentDefinitions"
    /// The directive that gives a spread's values of them.
    package static let argumentsDirective = "arguments"

    /// Whether `fragment` declares local arguments (with `@argumentDefinitions`, even empty).
    package static func declaresArguments(_ fragment: FragmentDefinitionNode) -> Bool {
        fragment.directives.contains { $0.name.value == definitionsDirective }
    }

    /// The names `fragment` declares, well formed or not: none of them is an operation's variable.
    package static func declaredNames(of fragment: FragmentDefinitionNode) -> Set<String> {
        Set(entries(of: fragment).map(\.name.value))
    }

    /// The well-formed local arguments of `fragment`, in the order written; the first of a name
    /// when it is written twice (the validation rules report the rest).
    package static func definitions(of fragment: FragmentDefinitionNode) -> [FragmentArgumentDefinition] {
        var seen: Set<String> = []
        return entries(of: fragment).compactMap { entry in
            guard seen.insert(entry.name.value).inserted, case .success(let definition) = read(entry, fragment: fragment.name.value)
            else { return nil }
            return definition
        }
    }

    /// The arguments of a spread's `@arguments`, in the order written.
    package static func arguments(of spread: FragmentSpreadNode) -> [ArgumentNode] {
        spread.directives.filter { $0.name.value == argumentsDirective }.flatMap(\.arguments)
    }

    /// The entries of `fragment`'s `@argumentDefinitions`.
    static func entries(of fragment: FragmentDefinitionNode) -> [ArgumentNode] {
        fragment.directives.filter { $0.name.value == definitionsDirective }.flatMap(\.arguments)
    }

    /// One entry read as a definition, or why it is not one: it must be an object of a `type`
    /// string holding a GraphQL type and, optionally, a constant `defaultValue`.
    /// - Parameters:
    ///   - entry: The entry as written.
    ///   - fragment: The fragment's name, for the message.
    static func read(_ entry: ArgumentNode, fragment: String) -> Result<FragmentArgumentDefinition, Diagnostic> {
        let name = entry.name.value
        guard case .object(let object) = entry.value else {
            return .failure(Diagnostic(Messages.malformedDefinition(name, fragment: fragment), at: entry.value.location))
        }
        var typeText: (text: String, location: SourceLocation)?
        var defaultValue: ValueNode?
        for field in object.fields {
            switch field.name.value {
            case "type":
                guard case .string(let string) = field.value else {
                    return .failure(Diagnostic(Messages.malformedDefinition(name, fragment: fragment), at: field.value.location))
                }
                typeText = (string.value, string.location)
            case "defaultValue":
                guard field.value.isConstant else {
                    return .failure(Diagnostic(Messages.variableInDefault(name, fragment: fragment), at: field.value.location))
                }
                defaultValue = field.value
            default:
                return .failure(
                    Diagnostic(Messages.unknownDefinitionKey(field.name.value, argument: name, fragment: fragment), at: field.location))
            }
        }
        guard let typeText else {
            return .failure(Diagnostic(Messages.malformedDefinition(name, fragment: fragment), at: entry.value.location))
        }
        guard let type = try? Parser.parseType(typeText.text) else {
            return .failure(Diagnostic(Messages.unparsableType(typeText.text, argument: name, fragment: fragment), at: typeText.location))
        }
        return .success(FragmentArgumentDefinition(name: name, type: type, defaultValue: defaultValue, location: entry.location))
    }

    /// The messages about fragment arguments, in graphql-js's wording where it has one.
    enum Messages {
        static func malformedDefinition(_ argument: String, fragment: String) -> String {
            "Argument \"\(argument)\" of fragment \"\(fragment)\" must be defined as {type: \"<GraphQL type>\", defaultValue: <optional constant>}."
        }

        static func unknownDefinitionKey(_ key: String, argument: String, fragment: String) -> String {
            "Unknown key \"\(key)\" in the definition of argument \"\(argument)\" of fragment \"\(fragment)\": expected \"type\" or \"defaultValue\"."
        }

        static func variableInDefault(_ argument: String, fragment: String) -> String {
            "The default value of argument \"\(argument)\" of fragment \"\(fragment)\" must be a constant, not hold a variable."
        }

        static func unparsableType(_ text: String, argument: String, fragment: String) -> String {
            "Argument \"\(argument)\" of fragment \"\(fragment)\" has type \"\(text)\", which is not a GraphQL type."
        }

        static func nonInputType(_ argument: String, type: String, fragment: String) -> String {
            "Argument \"\(argument)\" of fragment \"\(fragment)\" cannot be non-input type \"\(type)\"."
        }

        static func unknownArgument(_ argument: String, fragment: String, suggestions: [String]) -> String {
            "Unknown argument \"\(argument)\" on fragment \"\(fragment)\"." + didYouMean(suggestions)
        }

        static func missingArgument(_ argument: String, type: String, fragment: String) -> String {
            "Fragment \"\(fragment)\" argument \"\(argument)\" of type \"\(type)\" is required, but it was not provided."
        }

        static func hiddenVariable(_ name: String, fragment: String, hiddenBy outer: String) -> String {
            "Fragment \"\(fragment)\" uses the operation's variable \"$\(name)\", which the argument \"\(name)\" of fragment \"\(outer)\" that spreads it would hide: rename the argument, or give \"\(fragment)\" an argument of its own."
        }

        static func differentArguments(_ fragment: String) -> String {
            "Fragment \"\(fragment)\" is spread more than once here with different arguments; a parent reads one view of it, so give the spreads the same arguments, or spread one under an aliased field."
        }
    }
}
