/// All Variables Used (spec §5 Validation): every variable an operation defines is used, in its
/// own selections or in the fragments it reaches.
package struct NoUnusedVariablesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func unusedVariableMessage(_ name: String, operation: String?) -> String {
        if let operation { return "Variable \"$\(name)\" is never used in operation \"\(operation)\"." }
        return "Variable \"$\(name)\" is never used."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        let used = Set(context.recursiveVariableUsages(of: operation).map(\.node.name.value))
        for definition in operation.variableDefinitions where !used.contains(definition.variable.name.value) {
            context.report(
                Self.unusedVariableMessage(definition.variable.name.value, operation: operation.name?.value),
                at: [definition.location])
        }
        return .skipChildren
    }
}
