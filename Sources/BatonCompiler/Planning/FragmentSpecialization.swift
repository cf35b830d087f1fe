import BatonCore

/// Relay's fragment arguments applied, as its compiler applies them: a spread of a fragment with
/// local arguments (`@argumentDefinitions`) becomes a spread of a copy of the fragment with the
/// spread's values (`@arguments`, else each default, else null) in place of its `$arguments`,
/// named after the values (`PostList_1a2b3c4d`), so the server sees plain values or the
/// operation's variables, and spreads with other values select other fields.
///
/// Scope is per fragment: a copy's values replace only its own local arguments; the variables
/// of fragments it spreads are theirs. Every spread of a fragment with arguments keeps an
/// `@arguments` giving each local argument its value, which the plan carries for the view.
struct FragmentSpecialization {
    /// The fragment definitions as written (`__typename` inserted), by name.
    let fragments: [String: FragmentDefinitionNode]
    /// Every fragment as planned and sent, by the name spreads use: a fragment without local
    /// arguments under its own name, a copy under the copy's name.
    private(set) var applied: [String: FragmentDefinitionNode] = [:]
    /// The fragment each name of ``applied`` stands for.
    private(set) var originals: [String: String] = [:]
    /// The names being applied, to stop at a cycle (which validation reports).
    private var inProgress: Set<String> = []

    init(fragments: [String: FragmentDefinitionNode]) {
        self.fragments = fragments
    }

    /// `fragment` with the spreads of its selections applied, its own local arguments left as
    /// variables: the fragment's own plan, which a handle reads with its reference's variables.
    mutating func unspecialized(_ fragment: FragmentDefinitionNode) throws(Diagnostic) -> FragmentDefinitionNode {
        var fragment = fragment
        fragment.selectionSet = try apply(to: fragment.selectionSet, scope: [:])
        return fragment
    }

    /// `set` with `scope`'s values in place of its variables of those names, and every spread
    /// replaced by one of the fragment as ``applied`` holds it.
    /// - Throws: A ``Diagnostic`` when one selection set spreads a fragment twice with different values.
    mutating func apply(to set: SelectionSetNode, scope: [String: ValueNode]) throws(Diagnostic) -> SelectionSetNode {
        var set = set
        var spreadValues: [String: String] = [:]
        var selections: [SelectionNode] = []
        for selection in set.selections {
            switch selection {
            case .field(var field):
                field.arguments = field.arguments.map { Self.substitute($0, scope) }
                field.directives = field.directives.map { Self.substitute($0, scope) }
                if let child = field.selectionSet { field.selectionSet = try apply(to: child, scope: scope) }
                selections.append(.field(field))
            case .inlineFragment(var fragment):
                fragment.directives = fragment.directives.map { Self.substitute($0, scope) }
                fragment.selectionSet = try apply(to: fragment.selectionSet, scope: scope)
                selections.append(.inlineFragment(fragment))
            case .fragmentSpread(var spread):
                let original = spread.name.value
                spread.directives = spread.directives.map { Self.substitute($0, scope) }
                spread = try self.spread(spread)
                if let earlier = spreadValues[original], earlier != spread.name.value {
                    throw Diagnostic(FragmentArgumentDefinitions.Messages.differentArguments(original), at: spread.location)
                }
                spreadValues[original] = spread.name.value
                selections.append(.fragmentSpread(spread))
            }
        }
        set.selections = selections
        return set
    }

    /// A spread (its values already in its enclosing scope) made a spread of the fragment as applied.
    private mutating func spread(_ spread: FragmentSpreadNode) throws(Diagnostic) -> FragmentSpreadNode {
        let name = spread.name.value
        guard let fragment = fragments[name] else { return spread }
        guard FragmentArgumentDefinitions.declaresArguments(fragment) else {
            try applyOnce(fragment, as: name, scope: [:])
            return spread
        }
        let given = Dictionary(
            FragmentArgumentDefinitions.arguments(of: spread).map { ($0.name.value, $0.value) }, uniquingKeysWith: { first, _ in first })
        var values: [ArgumentNode] = []
        for definition in FragmentArgumentDefinitions.definitions(of: fragment) {
            let value = given[definition.name] ?? definition.defaultValue ?? .null(NullValueNode())
            values.append(ArgumentNode(name: NameNode(definition.name), value: value))
        }
        let printed = values.map { $0.name.value + ":" + Printer.print($0.value) }.joined(separator: ",")
        let copyName = name + "_" + SHA256.hexDigest(printed).prefix(8)
        try applyOnce(fragment, as: copyName, scope: Dictionary(values.map { ($0.name.value, $0.value) }) { first, _ in first })
        var result = spread
        result.name = NameNode(copyName, location: spread.name.location)
        result.directives = spread.directives.filter { $0.name.value != FragmentArgumentDefinitions.argumentsDirective }
        result.directives.append(DirectiveNode(name: NameNode(FragmentArgumentDefinitions.argumentsDirective), arguments: values))
        return result
    }

    /// Applies `fragment` under `scope` as `name`, once per name.
    private mutating func applyOnce(
        _ fragment: FragmentDefinitionNode, as name: String, scope: [String: ValueNode]
    ) throws(Diagnostic) {
        guard applied[name] == nil, inProgress.insert(name).inserted else { return }
        defer { inProgress.remove(name) }
        var copy = fragment
        copy.name = NameNode(name, location: fragment.name.location)
        copy.selectionSet = try apply(to: fragment.selectionSet, scope: scope)
        applied[name] = copy
        originals[name] = fragment.name.value
    }

    private static func substitute(_ directive: DirectiveNode, _ scope: [String: ValueNode]) -> DirectiveNode {
        guard !scope.isEmpty else { return directive }
        var directive = directive
        directive.arguments = directive.arguments.map { substitute($0, scope) }
        return directive
    }

    private static func substitute(_ argument: ArgumentNode, _ scope: [String: ValueNode]) -> ArgumentNode {
        guard !scope.isEmpty else { return argument }
        var argument = argument
        argument.value = substitute(argument.value, scope)
        return argument
    }

    /// Recursion follows the value's nesting, which the parser bounds.
    private static func substitute(_ value: ValueNode, _ scope: [String: ValueNode]) -> ValueNode {
        switch value {
        case .variable(let variable):
            return scope[variable.name.value] ?? value
        case .list(var list):
            list.values = list.values.map { substitute($0, scope) }
            return .list(list)
        case .object(var object):
            object.fields = object.fields.map { field in
                var field = field
                field.value = substitute(field.value, scope)
                return field
            }
            return .object(object)
        case .int, .float, .string, .boolean, .null, .enum:
            return value
        }
    }
}
