/// Fragment Spread Target Defined (spec §5 Validation): every spread names a fragment the document
/// defines.
package struct KnownFragmentNamesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func unknownFragmentMessage(_ name: String) -> String {
        "Unknown fragment \"\(name)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        if case .fragmentSpread(let spread) = node, context.fragment(named: spread.name.value) == nil {
            context.report(Self.unknownFragmentMessage(spread.name.value), at: [spread.name.location])
        }
        return .continue
    }
}
