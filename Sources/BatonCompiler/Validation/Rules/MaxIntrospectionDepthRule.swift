/// Introspection queries do not nest the list fields of `__Type` (`fields`, `interfaces`,
/// `possibleTypes`, `inputFields`) three deep, which would make the response grow without bound
/// (graphql-js's recommended rule, part of its specified rules).
package struct MaxIntrospectionDepthRule: ValidationRule {
    let context: ValidationContext
    /// The deepest entry depth at which each fragment was checked without reaching the limit.
    private var checkedFragments: [String: Int] = [:]
    /// The shallowest entry depth at which each fragment reached the limit.
    private var exceededFragments: [String: Int] = [:]

    static let maxListDepth = 3
    static let listFields: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]
    static let depthExceededMessage = "Maximum introspection depth exceeded"

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .field(let field) = node, field.name.value == "__schema" || field.name.value == "__type" else {
            return .continue
        }
        guard exceedsDepth(field) else { return .continue }
        context.report(Self.depthExceededMessage, at: [field.location])
        return .skipChildren
    }

    /// What each set of selections carries: how many list fields enclose it, and the fragment whose
    /// selections these are, when they are a fragment's.
    private struct Nesting {
        let depth: Int
        let fragment: String?
    }

    /// Whether the field's selections, through fragments, nest the list fields too deeply; walked
    /// in the order a recursive walk takes.
    private mutating func exceedsDepth(_ field: FieldNode) -> Bool {
        var visited: [String: Int] = [:]
        var walker = SelectionWalker([.field(field)], context: Nesting(depth: 0, fragment: nil))
        while let (selection, nesting) = walker.next(leaving: { finished in
            if let name = finished.fragment { checkedFragments[name] = finished.depth }
        }) {
            var depth = nesting.depth
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if let exceeded = exceededFragments[name], exceeded <= depth {
                    markExceeded(walker.contexts)
                    return true
                }
                if (visited[name] ?? -1) >= depth || (checkedFragments[name] ?? -1) >= depth { continue }
                guard let fragment = context.fragment(named: name) else { continue }
                visited[name] = depth
                walker.descend(into: fragment.selectionSet.selections, context: Nesting(depth: depth, fragment: name))
            case .field(let field):
                if Self.listFields.contains(field.name.value) {
                    depth += 1
                    if depth >= Self.maxListDepth {
                        markExceeded(walker.contexts)
                        return true
                    }
                }
                if let selectionSet = field.selectionSet {
                    walker.descend(into: selectionSet.selections, context: Nesting(depth: depth, fragment: nil))
                }
            case .inlineFragment(let fragment):
                walker.descend(into: fragment.selectionSet.selections, context: Nesting(depth: depth, fragment: nil))
            }
        }
        return false
    }

    /// Records that every fragment being checked reached the limit, innermost first.
    private mutating func markExceeded(_ nestings: [Nesting]) {
        for nesting in nestings.reversed() {
            if let name = nesting.fragment { exceededFragments[name] = nesting.depth }
        }
    }
}
