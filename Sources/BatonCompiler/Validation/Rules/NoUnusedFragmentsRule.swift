/// Fragments Must Be Used (spec §5 Validation): every fragment is spread by some operation,
/// directly or through other fragments.
package struct NoUnusedFragmentsRule: ValidationRule {
    let context: ValidationContext
    private var operations: [OperationDefinitionNode] = []
    private var fragments: [FragmentDefinitionNode] = []

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func unusedFragmentMessage(_ name: String) -> String {
        "Fragment \"\(name)\" is never used."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .operationDefinition(let operation):
            operations.append(operation)
            return .skipChildren
        case .fragmentDefinition(let fragment):
            fragments.append(fragment)
            return .skipChildren
        default:
            return .continue
        }
    }

    package mutating func leave(_ node: ASTNode) {
        guard case .document = node else { return }
        let used = Set(context.recursivelyReferencedFragments(of: operations).map(\.name.value))
        for fragment in fragments where !used.contains(fragment.name.value) {
            context.report(Self.unusedFragmentMessage(fragment.name.value), at: [fragment.location])
        }
    }
}
