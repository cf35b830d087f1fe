/// Operation Type Existence (spec §5 Validation): the schema has a root type for each operation's type.
package struct KnownOperationTypesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func unsupportedOperationMessage(_ operation: OperationType) -> String {
        "The \(operation.rawValue) operation is not supported by the schema."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        if context.schema.rootTypeName(for: operation.operation).flatMap(context.schema.type(named:)) == nil {
            context.report(Self.unsupportedOperationMessage(operation.operation), at: [operation.location])
        }
        return .skipChildren
    }
}
