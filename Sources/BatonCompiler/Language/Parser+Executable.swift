/// Operations, selections and fragments (spec §2.3–§2.8, §2.10).
extension Parser {
    /// OperationDefinition :
    ///   - Description? OperationType Name? VariablesDefinition? Directives? SelectionSet
    ///   - SelectionSet
    mutating func parseOperationDefinition() throws(Diagnostic) -> OperationDefinitionNode {
        let start = token
        if peek(.braceLeft) {
            return OperationDefinitionNode(
                operation: .query, selectionSet: try parseSelectionSet(), location: location(of: start))
        }
        let description = try parseDescription()
        let operation = try parseOperationType()
        let name = try peek(.name) ? parseName() : nil
        return OperationDefinitionNode(
            description: description,
            operation: operation,
            name: name,
            variableDefinitions: try parseVariableDefinitions(),
            directives: try parseDirectives(isConstant: false),
            selectionSet: try parseSelectionSet(),
            location: location(of: start)
        )
    }

    /// OperationType : one of `query` `mutation` `subscription`
    mutating func parseOperationType() throws(Diagnostic) -> OperationType {
        let operationToken = try expectToken(.name)
        guard let operation = OperationType(rawValue: operationToken.value) else {
            throw unexpected(operationToken)
        }
        return operation
    }

    /// VariablesDefinition : ( VariableDefinition+ )
    mutating func parseVariableDefinitions() throws(Diagnostic) -> [VariableDefinitionNode] {
        try optionalMany(.parenLeft, .parenRight) { parser throws(Diagnostic) in try parser.parseVariableDefinition() }
    }

    /// VariableDefinition : Description? Variable : Type DefaultValue? Directives[Const]?
    ///
    /// DefaultValue : = Value[Const]
    mutating func parseVariableDefinition() throws(Diagnostic) -> VariableDefinitionNode {
        let start = token
        let description = try parseDescription()
        let variable = try parseVariable()
        try expectToken(.colon)
        let type = try parseTypeReference()
        let defaultValue = try skip(.equals) ? parseValueLiteral(isConstant: true) : nil
        return VariableDefinitionNode(
            description: description,
            variable: variable,
            type: type,
            defaultValue: defaultValue,
            directives: try parseDirectives(isConstant: true),
            location: location(of: start)
        )
    }

    /// Variable : $ Name
    mutating func parseVariable() throws(Diagnostic) -> VariableNode {
        let start = token
        try expectToken(.dollar)
        return VariableNode(name: try parseName(), location: location(of: start))
    }

    /// SelectionSet : { Selection+ }
    mutating func parseSelectionSet() throws(Diagnostic) -> SelectionSetNode {
        let start = token
        try enterNesting()
        let selections = try many(.braceLeft, .braceRight) { parser throws(Diagnostic) in try parser.parseSelection() }
        leaveNesting()
        return SelectionSetNode(selections: selections, location: location(of: start))
    }

    /// Selection : Field | FragmentSpread | InlineFragment
    mutating func parseSelection() throws(Diagnostic) -> SelectionNode {
        try peek(.spread) ? parseFragment() : .field(parseField())
    }

    /// Field : Alias? Name Arguments? Directives? SelectionSet?
    ///
    /// Alias : Name :
    mutating func parseField() throws(Diagnostic) -> FieldNode {
        let start = token
        let nameOrAlias = try parseName()
        var alias: NameNode?
        var name = nameOrAlias
        if try skip(.colon) {
            alias = nameOrAlias
            name = try parseName()
        }
        return FieldNode(
            alias: alias,
            name: name,
            arguments: try parseArguments(isConstant: false),
            directives: try parseDirectives(isConstant: false),
            selectionSet: try peek(.braceLeft) ? parseSelectionSet() : nil,
            location: location(of: start)
        )
    }

    /// Both fragment forms, told apart after the `...`:
    ///
    /// FragmentSpread : ... FragmentName Directives?
    ///
    /// InlineFragment : ... TypeCondition? Directives? SelectionSet
    mutating func parseFragment() throws(Diagnostic) -> SelectionNode {
        let start = token
        try expectToken(.spread)
        let hasTypeCondition = try skipKeyword("on")
        if !hasTypeCondition, peek(.name) {
            return .fragmentSpread(
                FragmentSpreadNode(
                    name: try parseFragmentName(),
                    directives: try parseDirectives(isConstant: false),
                    location: location(of: start)
                ))
        }
        return .inlineFragment(
            InlineFragmentNode(
                typeCondition: try hasTypeCondition ? parseNamedType() : nil,
                directives: try parseDirectives(isConstant: false),
                selectionSet: try parseSelectionSet(),
                location: location(of: start)
            ))
    }

    /// FragmentDefinition : Description? fragment FragmentName TypeCondition Directives? SelectionSet
    ///
    /// TypeCondition : on NamedType
    mutating func parseFragmentDefinition() throws(Diagnostic) -> FragmentDefinitionNode {
        let start = token
        let description = try parseDescription()
        try expectKeyword("fragment")
        let name = try parseFragmentName()
        try expectKeyword("on")
        return FragmentDefinitionNode(
            description: description,
            name: name,
            typeCondition: try parseNamedType(),
            directives: try parseDirectives(isConstant: false),
            selectionSet: try parseSelectionSet(),
            location: location(of: start)
        )
    }

    /// FragmentName : Name but not `on`
    mutating func parseFragmentName() throws(Diagnostic) -> NameNode {
        if token.value == "on" { throw unexpected() }
        return try parseName()
    }
}
