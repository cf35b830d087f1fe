/// Lone Anonymous Operation (spec §5 Validation): an operation without a name is the only operation.
package struct LoneAnonymousOperationRule: ValidationRule {
    let context: ValidationContext
    private var operationCount = 0

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static let anonymousOperationNotAloneMessage = "This anonymous operation must be the only defined operation."

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .document(let document):
            operationCount = document.operations.count
        case .operationDefinition(let operation):
            if operation.name == nil, operationCount > 1 {
                context.report(Self.anonymousOperationNotAloneMessage, at: [operation.location])
            }
            return .skipChildren
        case .fragmentDefinition:
            return .skipChildren
        default:
            break
        }
        return .continue
    }
}
