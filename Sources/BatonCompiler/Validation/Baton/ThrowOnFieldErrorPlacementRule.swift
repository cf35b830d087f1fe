/// Baton's `@throwOnFieldError` is applied only to operations and fragment definitions, whose
/// data it makes fail to read when a field has an error.
package struct ThrowOnFieldErrorPlacementRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        if case .directive(let directive) = node, directive.name.value == "throwOnFieldError",
            ClientDirectivePlacement.misplacement(
                of: directive, allowed: ClientDirectivePlacement.throwOnFieldError, context: context) != nil
        {
            context.report(
                ClientDirectivePlacement.misplacedMessage(
                    "throwOnFieldError", places: "operations and fragment definitions"),
                at: [directive.location])
        }
        return .continue
    }
}
