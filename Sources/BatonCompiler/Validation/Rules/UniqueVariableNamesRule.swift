/// Variable Uniqueness (spec §5 Validation): no two variables of an operation share a name.
package struct UniqueVariableNamesRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func duplicateVariableMessage(_ name: String) -> String {
        "There can be only one variable named \"$\(name)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        var order: [String] = []
        var byName: [String: [NameNode]] = [:]
        for definition in operation.variableDefinitions {
            let name = definition.variable.name
            if byName[name.value] == nil { order.append(name.value) }
            byName[name.value, default: []].append(name)
        }
        for name in order {
            guard let names = byName[name], names.count > 1 else { continue }
            context.report(Self.duplicateVariableMessage(name), at: names.map(\.location))
        }
        return .skipChildren
    }
}
