import BatonCore

/// Prints a plan as the Swift expression that builds it, for generated code's `static let plan`.
///
/// A fragment spread prints as a reference to the fragment's generated type (`HeroDetails.plan`),
/// so each fragment's plan is written once. Output is laid out with 4-space indentation and is
/// the same for the same plan.
struct PlanPrinter {
    /// The Swift type generated for a fragment, by fragment name.
    var fragmentTypeName: (String) -> String

    /// The expression building `plan`, its first line unindented and later lines at `indent`.
    func print(_ plan: OperationPlan, indent: String) -> String {
        var lines = ["OperationPlan("]
        let inner = indent + "    "
        lines.append(inner + "name: \(SwiftLiteral.string(plan.name)),")
        lines.append(inner + "operationType: .\(plan.operationType.rawValue),")
        lines.append(inner + "rootTypename: \(SwiftLiteral.string(plan.rootTypename)),")
        lines.append(inner + "selections: " + selections(plan.selections, indent: inner) + (plan.throwsOnFieldError ? "," : ""))
        if plan.throwsOnFieldError { lines.append(inner + "throwsOnFieldError: true") }
        lines.append(indent + ")")
        return lines.joined(separator: "\n")
    }

    /// The expression building `plan`, its first line unindented and later lines at `indent`.
    func print(_ plan: FragmentPlan, indent: String) -> String {
        var lines = ["FragmentPlan("]
        let inner = indent + "    "
        lines.append(inner + "name: \(SwiftLiteral.string(plan.name)),")
        lines.append(inner + "typeCondition: \(SwiftLiteral.string(plan.typeCondition)),")
        lines.append(inner + "possibleTypes: \(possibleTypes(plan.possibleTypes)),")
        lines.append(inner + "selections: " + selections(plan.selections, indent: inner) + (plan.throwsOnFieldError ? "," : ""))
        if plan.throwsOnFieldError { lines.append(inner + "throwsOnFieldError: true") }
        lines.append(indent + ")")
        return lines.joined(separator: "\n")
    }

    /// `[...]` with one selection a line; recursion follows the plan's nesting, which the
    /// document's bounds.
    func selections(_ selections: [Selection], indent: String) -> String {
        if selections.isEmpty { return "[]" }
        let inner = indent + "    "
        var lines = ["["]
        for selection in selections {
            lines.append(inner + self.selection(selection, indent: inner) + ",")
        }
        lines.append(indent + "]")
        return lines.joined(separator: "\n")
    }

    private func selection(_ selection: Selection, indent: String) -> String {
        switch selection {
        case .field(let field):
            return ".field(" + self.field(field, indent: indent) + ")"
        case .inlineFragment(let fragment):
            var parts = [
                "typeCondition: " + (fragment.typeCondition.map(SwiftLiteral.string) ?? "nil"),
                "possibleTypes: " + possibleTypes(fragment.possibleTypes),
            ]
            parts.append("selections: " + selections(fragment.selections, indent: indent))
            return ".inlineFragment(InlineFragment(" + parts.joined(separator: ", ") + "))"
        case .fragmentSpread(let spread):
            return ".fragmentSpread(FragmentSpread(fragment: \(fragmentTypeName(spread.fragment.name)).plan))"
        case .condition(let condition):
            return ".condition(Condition(variable: \(SwiftLiteral.string(condition.variable)), "
                + "passingValue: \(condition.passingValue), selections: "
                + selections(condition.selections, indent: indent) + "))"
        case .deferred(let deferred):
            var parts = ["label: " + (deferred.label.map(SwiftLiteral.string) ?? "nil")]
            if let variable = deferred.ifVariable { parts.append("ifVariable: " + SwiftLiteral.string(variable)) }
            parts.append("selections: " + selections(deferred.selections, indent: indent))
            return ".deferred(Deferred(" + parts.joined(separator: ", ") + "))"
        }
    }

    private func field(_ field: PlanField, indent: String) -> String {
        var parts = ["name: " + SwiftLiteral.string(field.name)]
        if let alias = field.alias { parts.append("alias: " + SwiftLiteral.string(alias)) }
        if !field.arguments.isEmpty {
            parts.append("arguments: [" + field.arguments.map(argument).joined(separator: ", ") + "]")
        }
        parts.append("type: " + type(field.type))
        if !field.selections.isEmpty { parts.append("selections: " + selections(field.selections, indent: indent)) }
        if let required = field.required { parts.append("required: RequiredAction." + requiredCase(required)) }
        if let catchTo = field.catchTo { parts.append("catchTo: ." + (catchTo == .result ? "result" : "null")) }
        if !field.semanticNonNullLevels.isEmpty {
            parts.append("semanticNonNullLevels: [" + field.semanticNonNullLevels.map(String.init).joined(separator: ", ") + "]")
        }
        return "PlanField(" + parts.joined(separator: ", ") + ")"
    }

    private func requiredCase(_ action: RequiredAction) -> String {
        switch action {
        case .none: return "none"
        case .log: return "log"
        case .throw: return "throw"
        }
    }

    private func argument(_ argument: PlanArgument) -> String {
        "PlanArgument(name: \(SwiftLiteral.string(argument.name)), value: \(value(argument.value)))"
    }

    private func value(_ value: PlanValue) -> String {
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
