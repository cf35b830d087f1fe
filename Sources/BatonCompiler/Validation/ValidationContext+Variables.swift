/// A place a variable is used, with the type the place expects (graphql-js's `VariableUsage`).
package struct VariableUsage: Sendable, Hashable {
    /// The variable as written.
    package var node: VariableNode
    /// The type the place expects; `nil` where the document names something the schema lacks.
    package var type: TypeReference?
    /// The type of the value holding the variable, such as the input object whose field it is.
    package var parentType: TypeReference?
    /// The default value the argument or input field has in the schema; `nil` when it has none.
    package var defaultValue: ValueNode?
}

/// Where operations and fragments use variables.
extension ValidationContext {
    /// The variables an operation uses in its own selections, in document order; not those in
    /// the fragments it spreads.
    /// - Parameter operation: The operation.
    package func variableUsages(in operation: OperationDefinitionNode) -> [VariableUsage] {
        cachedUsages(.operation(operation.location), synthesized: operation.location.isSynthesized) {
            .operationDefinition(operation)
        }
    }

    /// The operation's variables a fragment uses in its own selections, in document order: its
    /// local arguments (`@argumentDefinitions`) are its own, not the operation's.
    /// - Parameter fragment: The fragment.
    package func variableUsages(in fragment: FragmentDefinitionNode) -> [VariableUsage] {
        let usages = allVariableUsages(in: fragment)
        guard FragmentArgumentDefinitions.declaresArguments(fragment) else { return usages }
        let local = FragmentArgumentDefinitions.declaredNames(of: fragment)
        return usages.filter { !local.contains($0.node.name.value) }
    }

    /// Every variable a fragment uses in its own selections, its local arguments included, in
    /// document order.
    /// - Parameter fragment: The fragment.
    package func allVariableUsages(in fragment: FragmentDefinitionNode) -> [VariableUsage] {
        cachedUsages(.fragment(fragment.name.value), synthesized: false) { .fragmentDefinition(fragment) }
    }

    /// The variables an operation uses, in its own selections and then in every fragment it
    /// reaches, as NoUndefinedVariables and VariablesInAllowedPosition read them.
    /// - Parameter operation: The operation.
    package func recursiveVariableUsages(of operation: OperationDefinitionNode) -> [VariableUsage] {
        let cacheable = !operation.location.isSynthesized
        if cacheable, let cached = recursiveVariableUsageCache[operation.location] { return cached }
        var usages = variableUsages(in: operation)
        for fragment in recursivelyReferencedFragments(of: operation) {
            usages += variableUsages(in: fragment)
        }
        if cacheable { recursiveVariableUsageCache[operation.location] = usages }
        return usages
    }

    private func cachedUsages(
        _ key: DefinitionKey, synthesized: Bool, _ node: () -> ASTNode
    ) -> [VariableUsage] {
        if !synthesized, let cached = variableUsageCache[key] { return cached }
        var collector = VariableUsageCollector(typeInfo: TypeInfo(schema: schema, fragmentArguments: fragmentArguments))
        ASTWalker.walk(node(), &collector)
        if !synthesized { variableUsageCache[key] = collector.usages }
        return collector.usages
    }
}

/// Collects variables with the types their places expect; variable definitions are not usages.
private struct VariableUsageCollector: ASTWalkerVisitor {
    var typeInfo: TypeInfo
    var usages: [VariableUsage] = []

    mutating func enter(_ node: ASTNode, depth: Int) -> Bool {
        if case .variableDefinition = node { return false }
        typeInfo.enter(node)
        if case .variable(let variable) = node {
            usages.append(
                VariableUsage(
                    node: variable, type: typeInfo.inputType, parentType: typeInfo.parentInputType,
                    defaultValue: typeInfo.defaultValue))
        }
        return true
    }

    mutating func leave(_ node: ASTNode, depth: Int) {
        typeInfo.leave(node)
    }
}
