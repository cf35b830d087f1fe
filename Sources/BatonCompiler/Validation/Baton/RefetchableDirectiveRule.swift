/// Relay's `@refetchable(queryName:)`: only on a fragment whose object a query can reach again
/// (the query type, the type of `Query.viewer`, or a type implementing `Node` with
/// `Query.node(id:)`), with a query name written as a string that no operation or other
/// refetchable fragment has; a `@connection` field inside it takes its paging arguments
/// (`first`, `after`, `last`, `before`) as variables, which its pages are loaded with.
package struct RefetchableDirectiveRule: ValidationRule {
    let context: ValidationContext
    /// Each query name taken so far, by the refetchable fragment that took it.
    private var queryNames: [String: String] = [:]
    /// The refetchable fragment the walk is in, if any.
    private var refetchableFragment: String?

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func noWayToRefetchMessage(_ fragment: String, type: String, query: String) -> String {
        "Directive \"@refetchable\" needs a fragment on the query type \"\(query)\", on the type of \"\(query).viewer\","
            + " or on a type that implements \"Node\" with a field \"\(query).node(id:)\": fragment \"\(fragment)\" is on \"\(type)\"."
    }

    static func takenByFragmentMessage(_ queryName: String, fragment: String, other: String) -> String {
        "Query name \"\(queryName)\" of \"@refetchable\" on fragment \"\(fragment)\" is already taken by fragment"
            + " \"\(other)\"; each refetchable fragment needs a query name of its own."
    }

    static func takenByOperationMessage(_ queryName: String, fragment: String) -> String {
        "Query name \"\(queryName)\" of \"@refetchable\" on fragment \"\(fragment)\" is already the name of an operation;"
            + " each refetchable fragment needs a query name of its own."
    }

    static func literalPagingArgumentMessage(_ argument: String, field: String, fragment: String) -> String {
        "Argument \"\(argument)\" of \"@connection\" field \"\(field)\" in refetchable fragment \"\(fragment)\" must be a"
            + " variable (\"\(argument): $\(argument)\"), which its pages are loaded with."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .fragmentDefinition(let fragment):
            guard let directive = fragment.directives.named("refetchable") else { return .continue }
            refetchableFragment = fragment.name.value
            check(directive, on: fragment)
        case .field(let field):
            guard let fragment = refetchableFragment, field.directives.named("connection") != nil else { return .continue }
            for argument in field.arguments where PagingArgument.names.contains(argument.name.value) {
                if case .variable = argument.value { continue }
                context.report(
                    Self.literalPagingArgumentMessage(argument.name.value, field: field.name.value, fragment: fragment),
                    at: [argument.value.location])
            }
        default:
            break
        }
        return .continue
    }

    package mutating func leave(_ node: ASTNode) {
        if case .fragmentDefinition = node { refetchableFragment = nil }
    }

    private mutating func check(_ directive: DirectiveNode, on fragment: FragmentDefinitionNode) {
        let name = fragment.name.value
        let type = fragment.typeCondition.name.value
        if context.schema.type(named: type) != nil, RefetchTarget.of(type, in: context.schema) == nil {
            context.report(
                Self.noWayToRefetchMessage(name, type: type, query: context.schema.queryType?.name ?? "Query"),
                at: [directive.location])
        }
        switch directive.argument(named: "queryName") {
        case .variable?:
            context.report(ClientDirectivePlacement.variableArgumentMessage("refetchable", "queryName"), at: [directive.location])
        case .string(let queryName)?:
            if let other = queryNames[queryName.value] {
                context.report(
                    Self.takenByFragmentMessage(queryName.value, fragment: name, other: other), at: [queryName.location])
            } else if context.document.definitions.contains(where: { Self.isOperation($0, named: queryName.value) }) {
                context.report(Self.takenByOperationMessage(queryName.value, fragment: name), at: [queryName.location])
            }
            queryNames[queryName.value] = queryNames[queryName.value] ?? name
        default:
            break
        }
    }

    private static func isOperation(_ definition: DefinitionNode, named name: String) -> Bool {
        guard case .operation(let operation) = definition else { return false }
        return operation.name?.value == name
    }
}

/// The arguments that page through a connection (Relay's connection spec).
enum PagingArgument {
    static let names: Set<String> = ["first", "after", "last", "before"]
}
