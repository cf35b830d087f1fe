/// Required Arguments (spec §5 Validation): every argument of a field or directive that is
/// non-null and has no default is given.
package struct ProvidedRequiredArgumentsRule: ValidationRule {
    let context: ValidationContext
    /// For each directive, its required arguments and their types as written.
    private let requiredDirectiveArguments: [String: [(name: String, type: String)]]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        var required: [String: [(name: String, type: String)]] = [:]
        for directive in context.schema.directives {
            required[directive.name] = directive.arguments.filter(\.isRequired).map { ($0.name, $0.type.description) }
        }
        for case .directive(let definition) in context.document.definitions {
            required[definition.name.value] = definition.arguments.filter { argument in
                if case .nonNull = argument.type { argument.defaultValue == nil } else { false }
            }.map { ($0.name.value, Printer.print($0.type)) }
        }
        self.requiredDirectiveArguments = required
    }

    static func missingFieldArgumentMessage(_ coordinate: String, _ argument: String, type: String) -> String {
        "Argument \"\(coordinate)(\(argument):)\" of type \"\(type)\" is required, but it was not provided."
    }

    static func missingDirectiveArgumentMessage(_ directive: String, _ argument: String, type: String) -> String {
        "Argument \"@\(directive)(\(argument):)\" of type \"\(type)\" is required, but it was not provided."
    }

    // Checked on the way out, so that problems inside the arguments are reported first.
    package mutating func leave(_ node: ASTNode) {
        switch node {
        case .field(let field):
            guard let definition = context.fieldDefinition, !definition.arguments.isEmpty else { return }
            let given = Set(field.arguments.map(\.name.value))
            for argument in definition.arguments where argument.isRequired && !given.contains(argument.name) {
                // Fields of the introspection types are named `<meta>.field`.
                let parent: String
                if let type = context.type, Prelude.introspectionTypeNames.contains(type.namedType) {
                    parent = "<meta>."
                } else {
                    parent = context.parentType.map { "\($0.name)." } ?? ""
                }
                context.report(
                    Self.missingFieldArgumentMessage(
                        parent + field.name.value, argument.name, type: argument.type.description),
                    at: [field.location])
            }
        case .directive(let directive):
            guard let required = requiredDirectiveArguments[directive.name.value], !required.isEmpty else { return }
            let given = Set(directive.arguments.map(\.name.value))
            for argument in required where !given.contains(argument.name) {
                context.report(
                    Self.missingDirectiveArgumentMessage(directive.name.value, argument.name, type: argument.type),
                    at: [directive.location])
            }
        default:
            break
        }
    }
}
