/// `@defer` and `@stream` are not used on the root fields of mutations and subscriptions, whose
/// root fields execute in order or stand alone (incremental delivery proposal).
package struct DeferStreamDirectiveOnRootFieldRule: ValidationRule {
    let context: ValidationContext
    /// Fragments already searched without finding an error, which later operations need not search.
    private var checkedFragments: Set<String> = []

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func deferOnRootMessage(_ operation: OperationType, _ root: String) -> String {
        "Defer directive cannot be used on root \(operation.rawValue) type \"\(root)\"."
    }

    static func streamOnRootMessage(_ operation: OperationType, _ root: String) -> String {
        "Stream directive cannot be used on root \(operation.rawValue) type \"\(root)\"."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        let kind = operation.operation
        guard kind == .mutation || kind == .subscription,
            let root = context.schema.rootTypeName(for: kind), context.schema.type(named: root) != nil
        else { return .skipChildren }
        var visited: Set<String> = []
        var valid = true
        // The root selection set and the inline fragments and fragments it holds, read in order.
        var walker = SelectionWalker(operation.selectionSet.selections)
        while let (selection, _) = walker.next() {
            switch selection {
            case .field(let field):
                if let stream = field.directives.named("stream") {
                    valid = false
                    context.report(Self.streamOnRootMessage(kind, root), at: [stream.location])
                }
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard visited.insert(name).inserted, let fragment = context.fragment(named: name) else { continue }
                if let deferDirective = spread.directives.named("defer") {
                    valid = false
                    context.report(Self.deferOnRootMessage(kind, root), at: [deferDirective.location])
                }
                if !checkedFragments.contains(name) {
                    walker.descend(into: fragment.selectionSet.selections)
                }
            case .inlineFragment(let fragment):
                if let deferDirective = fragment.directives.named("defer") {
                    valid = false
                    context.report(Self.deferOnRootMessage(kind, root), at: [deferDirective.location])
                }
                walker.descend(into: fragment.selectionSet.selections)
            }
        }
        if valid { checkedFragments.formUnion(visited) }
        return .skipChildren
    }
}
