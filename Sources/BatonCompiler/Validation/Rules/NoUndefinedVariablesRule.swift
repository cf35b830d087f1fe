/// All Variable Uses Defined (spec §5 Validation): every variable an operation uses, in its own
/// selections or in the fragments it reaches, is defined by the operation.
package struct NoUndefinedVariablesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func undefinedVariableMessage(_ name: String, operation: String?) -> String {
        if let operation { return "Variable \"$\(name)\" is not defined by operation \"\(operation)\"." }
        return "Variable \"$\(name)\" is not defined."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        let defined = Set(operation.variableDefinitions.map(\.variable.name.value))
        for usage in context.recursiveVariableUsages(of: operation) where !defined.contains(usage.node.name.value) {
            context.report(
                Self.undefinedVariableMessage(usage.node.name.value, operation: operation.name?.value),
                at: [usage.node.location, operation.location])
        }
        return .skipChildren
    }
}
