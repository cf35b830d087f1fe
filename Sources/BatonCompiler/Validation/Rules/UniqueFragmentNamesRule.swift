/// Fragment Name Uniqueness (spec §5 Validation): no two fragments share a name.
package struct UniqueFragmentNamesRule: ValidationRule {
    let context: ValidationContext
    private var known: [String: NameNode] = [:]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func duplicateFragmentNameMessage(_ name: String) -> String {
        "There can be only one fragment named \"\(name)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .operationDefinition:
            return .skipChildren
        case .fragmentDefinition(let fragment):
            let name = fragment.name
            if let first = known[name.value] {
                context.report(Self.duplicateFragmentNameMessage(name.value), at: [first.location, name.location])
            } else {
                known[name.value] = name
            }
            return .skipChildren
        default:
            return .continue
        }
    }
}
