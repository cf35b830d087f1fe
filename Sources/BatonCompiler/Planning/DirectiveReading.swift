@_spi(Generated) import BatonCore

/// What the directives on a selection say, read once so planning and generation agree.
enum DirectiveReading {
    /// The outcome of `@include` and `@skip` on a selection.
    enum Inclusion: Equatable {
        /// Always selected (no condition, or a literal that keeps it).
        case always
        /// Never selected (a literal that drops it).
        case never
        /// Selected when each variable has its passing value.
        case when([(variable: String, passingValue: Bool)])

        static func == (lhs: Inclusion, rhs: Inclusion) -> Bool {
            switch (lhs, rhs) {
            case (.always, .always), (.never, .never): return true
            case (.when(let a), .when(let b)):
                return a.map(\.variable) == b.map(\.variable) && a.map(\.passingValue) == b.map(\.passingValue)
            default: return false
            }
        }
    }

    /// `@include(if:)` and `@skip(if:)` on a selection; literal conditions are resolved here.
    static func inclusion(_ directives: [DirectiveNode]) -> Inclusion {
        var conditions: [(variable: String, passingValue: Bool)] = []
        for directive in directives {
            let passing: Bool
            switch directive.name.value {
            case "include": passing = true
            case "skip": passing = false
            default: continue
            }
            switch directive.argument(named: "if") {
            case .boolean(let value)?:
                if value.value != passing { return .never }
            case .variable(let variable)?:
                conditions.append((variable.name.value, passing))
            default:
                continue
            }
        }
        return conditions.isEmpty ? .always : .when(conditions)
    }

    /// `@defer` on a fragment: `nil` when not deferred (absent, or `if: false`).
    static func deferral(_ directives: [DirectiveNode]) -> (label: String?, ifVariable: String?)? {
        guard let directive = directives.first(where: { $0.name.value == "defer" }) else { return nil }
        var ifVariable: String?
        switch directive.argument(named: "if") {
        case .boolean(let value)?:
            if !value.value { return nil }
        case .variable(let variable)?:
            ifVariable = variable.name.value
        default:
            break
        }
        var label: String?
        if case .string(let value)? = directive.argument(named: "label") { label = value.value }
        return (label, ifVariable)
    }

    /// `@required(action:)` on a field; the action defaults to `NONE`.
    static func required(_ directives: [DirectiveNode]) -> RequiredAction? {
        guard let directive = directives.first(where: { $0.name.value == "required" }) else { return nil }
        if case .enum(let value)? = directive.argument(named: "action") {
            return RequiredAction(rawValue: value.value) ?? RequiredAction.none
        }
        return RequiredAction.none
    }

    /// `@catch(to:)` on a field or definition; the target defaults to `RESULT`.
    static func catchTo(_ directives: [DirectiveNode]) -> CatchTarget? {
        guard let directive = directives.first(where: { $0.name.value == "catch" }) else { return nil }
        if case .enum(let value)? = directive.argument(named: "to") {
            return CatchTarget(rawValue: value.value) ?? .result
        }
        return .result
    }

    /// `@alias(as:)` on an inline fragment: the name it is read under, when written as a literal.
    static func alias(_ directives: [DirectiveNode]) -> String? {
        guard let directive = directives.first(where: { $0.name.value == "alias" }),
            case .string(let name)? = directive.argument(named: "as")
        else { return nil }
        return name.value
    }

    /// Whether `@throwOnFieldError` is among the directives.
    static func throwsOnFieldError(_ directives: [DirectiveNode]) -> Bool {
        directives.contains { $0.name.value == "throwOnFieldError" }
    }

    /// The seconds of `@cacheExpiration(seconds:)` on an operation, when it carries one with an integer literal.
    static func cacheExpiration(_ directives: [DirectiveNode]) -> Int? {
        guard let directive = directives.first(where: { $0.name.value == "cacheExpiration" }),
            case .int(let seconds)? = directive.argument(named: "seconds")
        else { return nil }
        return Int(seconds.value)
    }

    /// `@connection(key:filters:)` on a field: its key and the arguments that tell one connection
    /// from another (without `filters`, every argument written but `first`, `last`, `after` and
    /// `before`, as Relay's default).
    static func connection(_ field: FieldNode) -> PlanConnection? {
        guard let directive = field.directives.first(where: { $0.name.value == "connection" }),
            case .string(let key)? = directive.argument(named: "key")
        else { return nil }
        let filters: [String]
        if case .list(let list)? = directive.argument(named: "filters") {
            filters = list.values.compactMap { value in
                if case .string(let name) = value { return name.value }
                return nil
            }
        } else if case .string(let name)? = directive.argument(named: "filters") {
            filters = [name.value]
        } else {
            filters = field.arguments.map(\.name.value).filter { !PlanConnection.pagingArguments.contains($0) }
        }
        return PlanConnection(key: key.value, filters: filters)
    }

    /// The edge directives on a field (`@appendEdge`, `@prependEdge`, `@appendNode`,
    /// `@prependNode`, `@deleteEdge`, `@deleteRecord`), in the order written; `recordTypes` are
    /// the types a `@deleteRecord` ID may name.
    static func listUpdates(_ field: FieldNode, recordTypes: () -> [String]) -> [PlanListUpdate] {
        field.directives.compactMap { directive -> PlanListUpdate? in
            let connections = directive.argument(named: "connections").map(PlanValue.init) ?? .list([])
            var edgeTypeName: String {
                if case .string(let name)? = directive.argument(named: "edgeTypeName") { return name.value }
                return ""
            }
            switch directive.name.value {
            case "appendEdge": return .appendEdge(connections: connections)
            case "prependEdge": return .prependEdge(connections: connections)
            case "appendNode": return .appendNode(connections: connections, edgeTypeName: edgeTypeName)
            case "prependNode": return .prependNode(connections: connections, edgeTypeName: edgeTypeName)
            case "deleteEdge": return .deleteEdge(connections: connections)
            case "deleteRecord": return .deleteRecord(typenames: recordTypes())
            default: return nil
            }
        }
    }
}
