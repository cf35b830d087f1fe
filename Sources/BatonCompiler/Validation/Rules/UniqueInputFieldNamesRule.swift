/// Input Object Field Uniqueness (spec §5 Validation): no two fields of an input object value share
/// a name.
package struct UniqueInputFieldNamesRule: ValidationRule {
    let context: ValidationContext
    private var knownStack: [[String: NameNode]] = []
    private var known: [String: NameNode] = [:]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func duplicateInputFieldMessage(_ name: String) -> String {
        "There can be only one input field named \"\(name)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .objectValue:
            knownStack.append(known)
            known = [:]
        case .objectField(let field):
            if let first = known[field.name.value] {
                context.report(Self.duplicateInputFieldMessage(field.name.value), at: [first.location, field.name.location])
            } else {
                known[field.name.value] = field.name
            }
        default:
            break
        }
        return .continue
    }

    package mutating func leave(_ node: ASTNode) {
        if case .objectValue = node { known = knownStack.popLast() ?? [:] }
    }
}
