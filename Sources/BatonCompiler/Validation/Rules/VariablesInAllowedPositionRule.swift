/// All Variable Usages Are Allowed (spec §5 Validation): a variable is used only where its type
/// fits; a nullable variable may fill a non-null place when it or the place has a default. A
/// variable filling a field of a `@oneOf` input object is non-null.
package struct VariablesInAllowedPositionRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func badPositionMessage(_ name: String, type: String, expected: String) -> String {
        "Variable \"$\(name)\" of type \"\(type)\" used in position expecting type \"\(expected)\"."
    }

    static func nullableOneOfFieldMessage(_ name: String, type: String, inputObject: String) -> String {
        "Variable \"$\(name)\" is of type \"\(type)\" but must be non-nullable to be used for OneOf Input Object"
            + " \"\(inputObject)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        if case .fragmentDefinition = node { return .skipChildren }
        return .continue
    }

    // Checked on the way out, as graphql-js does, so problems inside the operation come first.
    package mutating func leave(_ node: ASTNode) {
        if case .operationDefinition(let operation) = node { check(operation) }
    }

    private func check(_ operation: OperationDefinitionNode) {
        var definitions: [String: VariableDefinitionNode] = [:]
        for definition in operation.variableDefinitions {
            definitions[definition.variable.name.value] = definition
        }
        let schema = context.schema
        for usage in context.recursiveVariableUsages(of: operation) {
            let name = usage.node.name.value
            guard let definition = definitions[name], let expected = usage.type,
                let type = context.typeInfo.typeReference(definition.type)
            else { continue }
            if !Self.isAllowed(type, definition.defaultValue, in: expected, locationDefault: usage.defaultValue, schema: schema) {
                context.report(
                    Self.badPositionMessage(name, type: type.description, expected: expected.description),
                    at: [definition.location, usage.node.location])
            }
            if case .named(let parentName) = usage.parentType, schema.inputObjectType(named: parentName)?.isOneOf == true,
                !type.isNonNull
            {
                context.report(
                    Self.nullableOneOfFieldMessage(name, type: type.description, inputObject: parentName),
                    at: [definition.location, usage.node.location])
            }
        }
    }

    /// Whether a variable of `type` may fill a place of type `expected`, considering defaults.
    /// A fragment's local arguments are checked the same way (FragmentArgumentsRule).
    static func isAllowed(
        _ type: TypeReference, _ variableDefault: ValueNode?, in expected: TypeReference, locationDefault: ValueNode?,
        schema: Schema
    ) -> Bool {
        if case .nonNull(let nullableExpected) = expected, !type.isNonNull {
            let hasNonNullVariableDefault: Bool =
                if let variableDefault, case .null = variableDefault { false } else { variableDefault != nil }
            guard hasNonNullVariableDefault || locationDefault != nil else { return false }
            return schema.isTypeSubType(type, of: nullableExpected)
        }
        return schema.isTypeSubType(type, of: expected)
    }
}
