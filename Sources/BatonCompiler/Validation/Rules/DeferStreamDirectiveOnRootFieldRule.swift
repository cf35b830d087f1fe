/// `@defer` and `@stream` are not used on the root fields of mutations and subscriptions, whose
/// root fields execute in order or stand alone (incremental delivery proposal).
public struct DeferStreamDirectiveOnRootFieldRule: ValidationRule {
    let context: ValidationContext
    /// Fragments already searched without finding an error, which later operations need not search.
    private var checkedFragments: Set<String> = []

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    public init(context: ValidationContext) {
        self.context = context
    }

    static func deferOnRootMessage(_ operation: OperationType, _ root: String) -> String {
        "Defer directive cannot be used on root \(operation.rawValue) type \"\(root)\"."
    }

    static func streamOnRootMessage(_ operation: OperationType, _ root: String) -> String {
        "Stream directive cannot be used on root \(operation.rawValue) type \"\(root)\"."
    }

    public mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .operationDefinition(let operation) = node else { return node.isDocument ? .continue : .skipChildren }
        let kind = operation.operation
        guard kind == .mutation || kind == .subscription,
            let root = context.schema.rootTypeName(for: kind), context.schema.type(named: root) != nil
        else { return .skipChildren }
        var visited: Set<String> = []
        var valid = true
        // The root selection set and the inline fragments and fragments it holds, read in order.
        var pending: [(selections: [SelectionNode], next: Int)] = [(operation.selectionSet.selections, 0)]
        while !pending.isEmpty {
            let top = pending.count - 1
            guard pending[top].next < pending[top].selections.count else {
                pending.removeLast()
                continue
            }
            let selection = pending[top].selections[pending[top].next]
            pending[top].next += 1
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
                    pending.append((fragment.selectionSet.selections, 0))
                }
            case .inlineFragment(let fragment):
                if let deferDirective = fragment.directives.named("defer") {
                    valid = false
                    context.report(Self.deferOnRootMessage(kind, root), at: [deferDirective.location])
                }
                pending.append((fragment.selectionSet.selections, 0))
            }
        }
        if valid { checkedFragments.formUnion(visited) }
        return .skipChildren
    }
}
