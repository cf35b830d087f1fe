/// Operation Name Uniqueness (spec §5 Validation): no two operations share a name.
package struct UniqueOperationNamesRule: ValidationRule {
    let context: ValidationContext
    private var known: [String: NameNode] = [:]

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func duplicateOperationNameMessage(_ name: String) -> String {
        "There can be only one operation named \"\(name)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .operationDefinition(let operation):
            if let name = operation.name {
                if let first = known[name.value] {
                    context.report(Self.duplicateOperationNameMessage(name.value), at: [first.location, name.location])
                } else {
                    known[name.value] = name
                }
            }
            return .skipChildren
        case .fragmentDefinition:
            return .skipChildren
        default:
            return .continue
        }
    }
}
