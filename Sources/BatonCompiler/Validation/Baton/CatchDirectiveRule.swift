/// Baton's `@catch(to: RESULT | NULL)`: applied to fields, inline fragments named by `@alias(as:)`,
/// fragment definitions, queries and mutations, with its target (and the alias) written in the
/// document, and, as in Relay, never together with `@required` on one field (one turns a field
/// error into a value, the other a null into an error).
package struct CatchDirectiveRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    /// An inline fragment's caught value needs a name to be read under.
    static let catchNeedsAliasMessage =
        "Directive \"@catch\" on an inline fragment needs \"@alias(as:)\" beside it, to name the value it catches into."

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
        case .inlineFragment(let fragment):
            if let catchDirective = fragment.directives.named("catch"), fragment.directives.named("alias") == nil {
                context.report(Self.catchNeedsAliasMessage, at: [catchDirective.location])
            }
        case .directive(let directive) where directive.name.value == "alias":
            if case .variable = directive.argument(named: "as") {
                context.report(ClientDirectivePlacement.variableArgumentMessage("alias", "as"), at: [directive.location])
            }
        case .directive(let directive) where directive.name.value == "catch":
            if ClientDirectivePlacement.misplacement(
                of: directive, allowed: ClientDirectivePlacement.catch, context: context) != nil
            {
                context.report(
                    ClientDirectivePlacement.misplacedMessage(
                        "catch", places: "fields, aliased inline fragments, fragment definitions, queries and mutations"),
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
