/// Subscriptions do not use `@defer` or `@stream` that cannot be turned off: their `if` argument
/// is `false` or a variable, or the selection may be skipped by `@skip` or `@include`
/// (incremental delivery proposal).
package struct DeferStreamDirectiveOnValidOperationsRule: ValidationRule {
    let context: ValidationContext
    private var checkedFragments: Set<String> = []

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static let deferInSubscriptionMessage =
        "Defer directive not supported on subscription operations. Disable `@defer` by setting the `if` argument to `false`."

    static let streamInSubscriptionMessage =
        "Stream directive not supported on subscription operations. Disable `@stream` by setting the `if` argument to `false`."

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        guard operation.operation == .subscription else { return .skipChildren }
        var visited: Set<String> = []
        var valid = true
        // Each set of selections carries the fragment spread it was reached through, if any.
        var walker = SelectionWalker<FragmentSpreadNode?>(operation.selectionSet.selections, context: nil)
        while let (selection, _) = walker.next() {
            let directives = selection.directives
            if let skip = directives.named("skip"), Self.skipCanSkip(skip) { continue }
            if let include = directives.named("include"), Self.includeCanSkip(include) { continue }
            for directive in directives {
                let message: String
                switch directive.name.value {
                case "defer": message = Self.deferInSubscriptionMessage
                case "stream": message = Self.streamInSubscriptionMessage
                default: continue
                }
                if Self.ifCanBeFalse(directive) { continue }
                valid = false
                let spreads = walker.contexts.reversed().compactMap { $0 }
                context.report(message, at: [directive.location] + spreads.map(\.location))
            }
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard !visited.contains(name), !checkedFragments.contains(name) else { continue }
                visited.insert(name)
                if let fragment = context.fragment(named: name) {
                    walker.descend(into: fragment.selectionSet.selections, context: spread)
                }
            case .field(let field):
                if let selectionSet = field.selectionSet { walker.descend(into: selectionSet.selections, context: nil) }
            case .inlineFragment(let fragment):
                walker.descend(into: fragment.selectionSet.selections, context: nil)
            }
        }
        if valid { checkedFragments.formUnion(visited) }
        return .skipChildren
    }

    /// `@defer(if: false)` or `@defer(if: $variable)`: the directive can be turned off.
    static func ifCanBeFalse(_ directive: DirectiveNode) -> Bool {
        switch directive.argument(named: "if") {
        case .boolean(let value): !value.value
        case .variable: true
        default: false
        }
    }

    /// `@skip(if: true)` or `@skip(if: $variable)`; a `@skip` without `if` counts as able to skip,
    /// since ProvidedRequiredArguments reports it.
    static func skipCanSkip(_ directive: DirectiveNode) -> Bool {
        switch directive.argument(named: "if") {
        case nil: true
        case .boolean(let value): value.value
        default: true
        }
    }

    /// `@include(if: false)` or `@include(if: $variable)`.
    static func includeCanSkip(_ directive: DirectiveNode) -> Bool {
        switch directive.argument(named: "if") {
        case nil: false
        case .boolean(let value): !value.value
        default: true
        }
    }
}
