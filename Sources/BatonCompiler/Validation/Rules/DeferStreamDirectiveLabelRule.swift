/// The `label` of `@defer` and `@stream` is a string written in the document, and no two of them
/// share one, so a response's incremental parts can be told apart (incremental delivery proposal).
package struct DeferStreamDirectiveLabelRule: ValidationRule {
    let context: ValidationContext
    private var known: [String: DirectiveNode] = [:]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func nonStaticLabelMessage(_ directive: String) -> String {
        "\(directive.prefix(1).uppercased() + directive.dropFirst()) directive label argument must be a static string."
    }

    static let duplicateLabelMessage = "Defer/Stream directive label argument must be unique."

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .directive(let directive) = node else { return .continue }
        let name = directive.name.value
        guard name == "defer" || name == "stream", let label = directive.argument(named: "label") else {
            return .continue
        }
        switch label {
        case .null:
            break
        case .string(let string):
            if let first = known[string.value] {
                context.report(Self.duplicateLabelMessage, at: [first.location, directive.location])
            } else {
                known[string.value] = directive
            }
        default:
            context.report(Self.nonStaticLabelMessage(name), at: [directive.location])
        }
        return .continue
    }
}
