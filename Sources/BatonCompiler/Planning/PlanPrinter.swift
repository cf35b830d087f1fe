import BatonCore

/// Prints a plan as the Swift declarations that build it, for generated code: `static let plan`
/// and, for each distinct selection set in the plan, one
/// `private static let __selections_<n>: [Selection]` listing its selections, nested selection
/// sets named by reference.
///
/// Each declaration is one small expression of a spelled type, so the type checker reads a plan
/// in time linear in its size instead of solving one nested literal; a selection set that occurs
/// more than once (the same type conditions under every card of a list) is declared once. A
/// fragment spread prints as a reference to the fragment's generated type (`HeroDetails.plan`),
/// so each fragment's plan is written once. Output is laid out with 4-space indentation and is
/// the same for the same plan.
struct PlanPrinter {
    /// The Swift type generated for a fragment, by fragment name.
    var fragmentTypeName: (String) -> String

    /// The declarations building `plan`, `plan` itself `access`: the first line unindented, later
    /// ones at `indent`.
    /// - Parameter keyedBy: The Swift literal of the plan's cache keys, when not every type is
    ///   keyed by `id`: the plan is then built `.keyed(by:)` them.
    func declarations(_ plan: OperationPlan, access: String, indent: String, keyedBy keys: String? = nil) -> String {
        var table = SelectionSetTable()
        let selections = table.reference(plan.selections)
        var lines = ["\(access)static let plan: OperationPlan = OperationPlan("]
        let inner = indent + "    "
        lines.append(inner + "name: \(SwiftLiteral.string(plan.name)),")
        lines.append(inner + "operationType: .\(plan.operationType.rawValue),")
        lines.append(inner + "rootTypename: \(SwiftLiteral.string(plan.rootTypename)),")
        lines.append(contentsOf: trailingArguments(selections, plan.throwsOnFieldError, plan.typenameKey, indent: inner))
        lines.append(indent + ")" + (keys.map { ".keyed(by: \($0))" } ?? ""))
        return (lines + declarations(of: &table, indent: indent)).joined(separator: "\n")
    }

    /// The declarations building `plan`, `plan` itself `access`: the first line unindented, later
    /// ones at `indent`.
    func declarations(_ plan: FragmentPlan, access: String, indent: String) -> String {
        var table = SelectionSetTable()
        let selections = table.reference(plan.selections)
        var lines = ["\(access)static let plan: FragmentPlan = FragmentPlan("]
        let inner = indent + "    "
        lines.append(inner + "name: \(SwiftLiteral.string(plan.name)),")
        lines.append(inner + "typeCondition: \(SwiftLiteral.string(plan.typeCondition)),")
        lines.append(inner + "possibleTypes: \(possibleTypes(plan.possibleTypes)),")
        lines.append(contentsOf: trailingArguments(selections, plan.throwsOnFieldError, plan.typenameKey, indent: inner))
        lines.append(indent + ")")
        return (lines + declarations(of: &table, indent: indent)).joined(separator: "\n")
    }

    /// The lines of a plan's last arguments: its selections, then those that differ from their
    /// defaults, each but the last ending in a comma.
    private func trailingArguments(
        _ selections: String, _ throwsOnFieldError: Bool, _ typenameKey: String, indent: String
    ) -> [String] {
        var arguments = ["selections: " + selections]
        if throwsOnFieldError { arguments.append("throwsOnFieldError: true") }
        if typenameKey != "__typename" { arguments.append("typenameKey: " + SwiftLiteral.string(typenameKey)) }
        return arguments.enumerated().map { index, argument in
            indent + argument + (index < arguments.count - 1 ? "," : "")
        }
    }

    /// The names of the selection sets the declarations of a plan whose root selections are
    /// `root` declare, by set: what generated code refers to a set of its own plan by.
    func selectionSetNames(_ root: [Selection]) -> [[Selection]: String] {
        var table = SelectionSetTable()
        _ = table.reference(root)
        _ = declarations(of: &table, indent: "")
        return table.names
    }

    /// One `private static let` per selection set of `table`, in the order they were named.
    /// Printing a set names the sets it holds, so the loop runs until no set is left unprinted.
    private func declarations(of table: inout SelectionSetTable, indent: String) -> [String] {
        var lines: [String] = []
        let inner = indent + "    "
        var index = 0
        while index < table.sets.count {
            lines.append(indent + "private static let \(SelectionSetTable.name(index)): [Selection] = [")
            for selection in table.sets[index] {
                lines.append(inner + self.selection(selection, &table) + ",")
            }
            lines.append(indent + "]")
            index += 1
        }
        return lines
    }

    private func selection(_ selection: Selection, _ table: inout SelectionSetTable) -> String {
        switch selection {
        case .field(let field):
            return "Selection.field(" + self.field(field, &table) + ")"
        case .inlineFragment(let fragment):
            var parts = [
                "typeCondition: " + (fragment.typeCondition.map(SwiftLiteral.string) ?? "nil"),
                "possibleTypes: " + possibleTypes(fragment.possibleTypes),
                "selections: " + table.reference(fragment.selections),
            ]
            if let alias = fragment.alias { parts.append("alias: " + SwiftLiteral.string(alias)) }
            if let catchTo = fragment.catchTo { parts.append("catchTo: ." + (catchTo == .result ? "result" : "null")) }
            return "Selection.inlineFragment(InlineFragment(" + parts.joined(separator: ", ") + "))"
        case .fragmentSpread(let spread):
            guard !spread.arguments.isEmpty else {
                return "Selection.fragmentSpread(FragmentSpread(fragment: \(fragmentTypeName(spread.fragment.name)).plan))"
            }
            // The fragment's selections with this spread's values in place of its arguments: a plan of its own.
            let fragment = spread.fragment
            var parts = [
                "name: " + SwiftLiteral.string(fragment.name),
                "typeCondition: " + SwiftLiteral.string(fragment.typeCondition),
                "possibleTypes: " + possibleTypes(fragment.possibleTypes),
                "selections: " + table.reference(fragment.selections),
            ]
            if fragment.throwsOnFieldError { parts.append("throwsOnFieldError: true") }
            if fragment.typenameKey != "__typename" { parts.append("typenameKey: " + SwiftLiteral.string(fragment.typenameKey)) }
            return "Selection.fragmentSpread(FragmentSpread(fragment: FragmentPlan(" + parts.joined(separator: ", ")
                + "), arguments: " + Self.arguments(spread.arguments) + "))"
        case .condition(let condition):
            return "Selection.condition(Condition(variable: \(SwiftLiteral.string(condition.variable)), "
                + "passingValue: \(condition.passingValue), selections: " + table.reference(condition.selections) + "))"
        case .deferred(let deferred):
            var parts = ["label: " + (deferred.label.map(SwiftLiteral.string) ?? "nil")]
            if let variable = deferred.ifVariable { parts.append("ifVariable: " + SwiftLiteral.string(variable)) }
            parts.append("selections: " + table.reference(deferred.selections))
            return "Selection.deferred(Deferred(" + parts.joined(separator: ", ") + "))"
        }
    }

    private func field(_ field: PlanField, _ table: inout SelectionSetTable) -> String {
        var parts = ["name: " + SwiftLiteral.string(field.name)]
        if let alias = field.alias { parts.append("alias: " + SwiftLiteral.string(alias)) }
        if !field.arguments.isEmpty {
            parts.append("arguments: [" + field.arguments.map(Self.argument).joined(separator: ", ") + "]")
        }
        parts.append("type: " + type(field.type))
        if !field.selections.isEmpty { parts.append("selections: " + table.reference(field.selections)) }
        if let required = field.required { parts.append("required: RequiredAction." + requiredCase(required)) }
        if let catchTo = field.catchTo { parts.append("catchTo: ." + (catchTo == .result ? "result" : "null")) }
        if !field.semanticNonNullLevels.isEmpty {
            parts.append("semanticNonNullLevels: [" + field.semanticNonNullLevels.map(String.init).joined(separator: ", ") + "]")
        }
        if let connection = field.connection {
            parts.append(
                "connection: PlanConnection(key: \(SwiftLiteral.string(connection.key)), filters: ["
                    + connection.filters.map(SwiftLiteral.string).joined(separator: ", ") + "])")
        }
        if !field.listUpdates.isEmpty {
            parts.append("listUpdates: [" + field.listUpdates.map(listUpdate).joined(separator: ", ") + "]")
        }
        if let lookup = field.lookup {
            parts.append(
                "lookup: RecordLookup(typenames: [" + lookup.typenames.map(SwiftLiteral.string).joined(separator: ", ")
                    + "], arguments: [" + lookup.arguments.map(SwiftLiteral.string).joined(separator: ", ") + "])")
        }
        if field.isClientField { parts.append("isClientField: true") }
        if let value = field.clientDefault { parts.append("clientDefault: " + SwiftLiteral.json(value)) }
        if field.isHidden { parts.append("isHidden: true") }
        return "PlanField(" + parts.joined(separator: ", ") + ")"
    }

    private func listUpdate(_ update: PlanListUpdate) -> String {
        switch update {
        case .appendEdge(let connections): return ".appendEdge(connections: \(Self.value(connections)))"
        case .prependEdge(let connections): return ".prependEdge(connections: \(Self.value(connections)))"
        case .appendNode(let connections, let edgeTypeName):
            return ".appendNode(connections: \(Self.value(connections)), edgeTypeName: \(SwiftLiteral.string(edgeTypeName)))"
        case .prependNode(let connections, let edgeTypeName):
            return ".prependNode(connections: \(Self.value(connections)), edgeTypeName: \(SwiftLiteral.string(edgeTypeName)))"
        case .deleteEdge(let connections): return ".deleteEdge(connections: \(Self.value(connections)))"
        case .deleteRecord(let typenames):
            return ".deleteRecord(typenames: [" + typenames.map(SwiftLiteral.string).joined(separator: ", ") + "])"
        }
    }

    private func requiredCase(_ action: RequiredAction) -> String {
        switch action {
        case .none: return "none"
        case .log: return "log"
        case .throw: return "throw"
        }
    }

    /// Plan arguments as a Swift array literal: `[PlanArgument(name: "first", value: .literal(10))]`.
    static func arguments(_ arguments: [PlanArgument]) -> String {
        "[" + arguments.map(argument).joined(separator: ", ") + "]"
    }

    private static func argument(_ argument: PlanArgument) -> String {
        "PlanArgument(name: \(SwiftLiteral.string(argument.name)), value: \(value(argument.value)))"
    }

    private static func value(_ value: PlanValue) -> String {
        switch value {
        case .literal(let json): return ".literal(\(SwiftLiteral.json(json)))"
        case .variable(let name): return ".variable(\(SwiftLiteral.string(name)))"
        case .list(let elements): return ".list([\(elements.map(self.value).joined(separator: ", "))])"
        case .object(let members): return ".object([\(members.map(argument).joined(separator: ", "))])"
        }
    }

    /// A plan type as a Swift expression: `.nonNull(.list(.named("Int")))`.
    func type(_ type: PlanType) -> String {
        switch type {
        case .named(let name): return ".named(\(SwiftLiteral.string(name)))"
        case .nonNull(let inner): return ".nonNull(\(self.type(inner)))"
        case .list(let inner): return ".list(\(self.type(inner)))"
        }
    }

    private func possibleTypes(_ names: Set<String>) -> String {
        "[" + names.sorted().map(SwiftLiteral.string).joined(separator: ", ") + "]"
    }
}
