/// Relay's fragment arguments: each `@argumentDefinitions` entry is `{type: "…", defaultValue?: …}`
/// naming an input type the schema has, its default fits the type, and the fragment uses each
/// local argument where its type fits, and no fragment below it uses an operation variable of an
/// argument's name; a spread's `@arguments` names only the fragment's local arguments and gives
/// every required one. The values' types, and an argument given twice, are
/// checked by ValuesOfCorrectType, VariablesInAllowedPosition and UniqueArgumentNames, which read
/// a spread's `@arguments` as the fragment's definitions.
package struct FragmentArgumentsRule: ValidationRule {
    let context: ValidationContext

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .fragmentDefinition(let fragment):
            if FragmentArgumentDefinitions.declaresArguments(fragment) { check(fragment) }
            return .continue
        case .fragmentSpread(let spread):
            check(spread)
            return .skipChildren
        default:
            return .continue
        }
    }

    private func check(_ fragment: FragmentDefinitionNode) {
        let name = fragment.name.value
        var types: [String: (type: TypeReference, definition: FragmentArgumentDefinition)] = [:]
        for entry in FragmentArgumentDefinitions.entries(of: fragment) {
            switch FragmentArgumentDefinitions.read(entry, fragment: name) {
            case .failure(let diagnostic):
                context.report(diagnostic)
            case .success(let definition):
                guard let type = checkedType(definition, fragment: name) else { continue }
                if types[definition.name] == nil { types[definition.name] = (type, definition) }
            }
        }
        checkHiding(below: fragment, types.mapValues(\.definition))
        let schema = context.schema
        for usage in context.allVariableUsages(in: fragment) {
            guard let local = types[usage.node.name.value], let expected = usage.type else { continue }
            let allowed = VariablesInAllowedPositionRule.isAllowed(
                local.type, local.definition.defaultValue, in: expected, locationDefault: usage.defaultValue, schema: schema)
            if !allowed {
                context.report(
                    VariablesInAllowedPositionRule.badPositionMessage(
                        usage.node.name.value, type: local.type.description, expected: expected.description),
                    at: [local.definition.location, usage.node.location])
            }
        }
    }

    /// Reports each operation variable a fragment below `fragment` uses under the name of one of
    /// `fragment`'s own arguments: a view below reads its variables beside the arguments of the
    /// fragments above it, where the argument would hide the operation's variable.
    private func checkHiding(below fragment: FragmentDefinitionNode, _ locals: [String: FragmentArgumentDefinition]) {
        var names = context.fragmentSpreads(in: fragment.selectionSet).map(\.name.value)
        var seen = Set(names).union([fragment.name.value])
        var index = 0
        while index < names.count {
            defer { index += 1 }
            guard let below = context.fragment(named: names[index]) else { continue }
            for spread in context.fragmentSpreads(in: below.selectionSet) where seen.insert(spread.name.value).inserted {
                names.append(spread.name.value)
            }
            var reported: Set<String> = []
            for usage in context.variableUsages(in: below) {
                let name = usage.node.name.value
                guard let local = locals[name], reported.insert(name).inserted else { continue }
                context.report(
                    FragmentArgumentDefinitions.Messages.hiddenVariable(
                        name, fragment: below.name.value, hiddenBy: fragment.name.value),
                    at: [local.location, usage.node.location])
            }
        }
    }

    /// The type of `definition`, when the schema has it as an input type and its default fits.
    private func checkedType(_ definition: FragmentArgumentDefinition, fragment: String) -> TypeReference? {
        let schema = context.schema
        let named = definition.type.namedType.name.value
        guard schema.type(named: named) != nil else {
            let candidates = schema.types.map(\.name).filter { !schema.isClientAddition($0) }
            context.report(
                KnownTypeNamesRule.unknownTypeMessage(named, suggestions: suggestionList(named, candidates)),
                at: [definition.location])
            return nil
        }
        let type = TypeReference(definition.type)
        guard schema.isInputType(type) else {
            context.report(
                FragmentArgumentDefinitions.Messages.nonInputType(definition.name, type: type.description, fragment: fragment),
                at: [definition.location])
            return nil
        }
        if let defaultValue = definition.defaultValue {
            let validator = InputLiteralValidator(schema: schema) { [context] message, location in
                context.report(message, at: [location])
            }
            validator.validate(defaultValue, type)
        }
        return type
    }

    private func check(_ spread: FragmentSpreadNode) {
        let name = spread.name.value
        guard let fragment = context.fragment(named: name) else { return }
        let given = FragmentArgumentDefinitions.arguments(of: spread)
        let declared = FragmentArgumentDefinitions.declaredNames(of: fragment)
        for argument in given where !declared.contains(argument.name.value) {
            context.report(
                FragmentArgumentDefinitions.Messages.unknownArgument(
                    argument.name.value, fragment: name, suggestions: suggestionList(argument.name.value, declared.sorted())),
                at: [argument.location])
        }
        let givenNames = Set(given.map(\.name.value))
        for definition in FragmentArgumentDefinitions.definitions(of: fragment)
        where definition.isRequired && !givenNames.contains(definition.name) {
            context.report(
                FragmentArgumentDefinitions.Messages.missingArgument(
                    definition.name, type: TypeReference(definition.type).description, fragment: name),
                at: [spread.location])
        }
    }
}
