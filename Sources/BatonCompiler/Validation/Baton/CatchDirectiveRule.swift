/// Baton's `@catch(to: RESULT | NULL)`: applied to fields, fragment definitions, queries and
/// mutations, with its target written in the document, and, as in Relay, never together with
/// `@required` on one field (one turns a field error into a value, the other a null into an error).
package struct CatchDirectiveRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func catchWithRequiredMessage(_ field: String) -> String {
        "Directives \"@catch\" and \"@required\" cannot be used together on field \"\(field)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .field(let field):
            if let catchDirective = field.directives.named("catch"), let required = field.directives.named("required") {
                context.report(
                    Self.catchWithRequiredMessage(field.name.value), at: [catchDirective.location, required.location])
            }
        case .directive(let directive) where directive.name.value == "catch":
            if ClientDirectivePlacement.misplacement(
                of: directive, allowed: ClientDirectivePlacement.catch, context: context) != nil
            {
                context.report(
                    ClientDirectivePlacement.misplacedMessage(
                        "catch", places: "fields, fragment definitions, queries and mutations"),
                    at: [directive.location])
            }
            if case .variable = directive.argument(named: "to") {
                context.report(ClientDirectivePlacement.variableArgumentMessage("catch", "to"), at: [directive.location])
            }
        default:
            break
        }
        return .continue
    }
}
