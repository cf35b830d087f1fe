/// Variables Are Input Types (spec §5 Validation): a variable's type is a scalar, enum or input
/// object type, possibly wrapped in lists and non-null.
package struct VariablesAreInputTypesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func nonInputTypeMessage(_ variable: String, _ type: String) -> String {
        "Variable \"$\(variable)\" cannot be non-input type \"\(type)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .variableDefinition(let definition) = node else { return .continue }
        if let named = context.schema.type(named: definition.type.namedType.name.value), !named.isInputType {
            context.report(
                Self.nonInputTypeMessage(definition.variable.name.value, Printer.print(definition.type)),
                at: [definition.type.location])
        }
        return .continue
    }
}
