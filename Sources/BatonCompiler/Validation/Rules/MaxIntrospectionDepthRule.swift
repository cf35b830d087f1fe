/// Introspection queries do not nest the list fields of `__Type` (`fields`, `interfaces`,
/// `possibleTypes`, `inputFields`) three deep, which would make the response grow without bound
/// (graphql-js's recommended rule, part of its specified rules).
public struct MaxIntrospectionDepthRule: ValidationRule {
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
    public init(context: ValidationContext) {
        self.context = context
    }

    public mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .field(let field) = node, field.name.value == "__schema" || field.name.value == "__type" else {
            return .continue
        }
        guard exceedsDepth(field) else { return .continue }
        context.report(Self.depthExceededMessage, at: [field.location])
        return .skipChildren
    }

    private struct Frame {
        let selections: [SelectionNode]
        var next = 0
        let depth: Int
        /// The fragment whose selections these are, when they are a fragment's.
        let fragment: String?
    }

    /// Whether the field's selections, through fragments, nest the list fields too deeply; walked
    /// with an explicit stack in the order a recursive walk takes.
    private mutating func exceedsDepth(_ field: FieldNode) -> Bool {
        var visited: [String: Int] = [:]
        var frames = [Frame(selections: [.field(field)], depth: 0, fragment: nil)]
        while !frames.isEmpty {
            let top = frames.count - 1
            guard frames[top].next < frames[top].selections.count else {
                let finished = frames.removeLast()
                if let name = finished.fragment { checkedFragments[name] = finished.depth }
                continue
            }
            let selection = frames[top].selections[frames[top].next]
            frames[top].next += 1
            var depth = frames[top].depth
            switch selection {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if let exceeded = exceededFragments[name], exceeded <= depth {
                    markExceeded(frames)
                    return true
                }
                if (visited[name] ?? -1) >= depth || (checkedFragments[name] ?? -1) >= depth { continue }
                guard let fragment = context.fragment(named: name) else { continue }
                visited[name] = depth
                frames.append(Frame(selections: fragment.selectionSet.selections, depth: depth, fragment: name))
            case .field(let field):
                if Self.listFields.contains(field.name.value) {
                    depth += 1
                    if depth >= Self.maxListDepth {
                        markExceeded(frames)
                        return true
                    }
                }
                if let selectionSet = field.selectionSet {
                    frames.append(Frame(selections: selectionSet.selections, depth: depth, fragment: nil))
                }
            case .inlineFragment(let fragment):
                frames.append(Frame(selections: fragment.selectionSet.selections, depth: depth, fragment: nil))
            }
        }
        return false
    }

    /// Records that every fragment being checked reached the limit, innermost first.
    private mutating func markExceeded(_ frames: [Frame]) {
        for frame in frames.reversed() {
            if let name = frame.fragment { exceededFragments[name] = frame.depth }
        }
    }
}
