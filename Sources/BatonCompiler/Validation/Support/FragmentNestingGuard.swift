/// Stops validation of a document whose selections nest too deeply once fragments are spread, as
/// graphql-core does, so that no rule recurses through fragments without bound. The parser
/// limits nesting within one definition; only spreads can make it deeper.
struct FragmentNestingGuard {
    /// The deepest nesting of selection sets, through fragment spreads, that validation accepts.
    static let maxDepth = 200

    private let document: DocumentNode
    private var fragmentDepths: [String: Int]?

    init(document: DocumentNode) {
        self.document = document
    }

    /// A diagnostic when `node` is an operation or fragment definition that nests too deeply.
    mutating func check(_ node: ASTNode) -> Diagnostic? {
        let depth: Int
        let location: SourceLocation
        switch node {
        case .operationDefinition(let operation):
            let depths = fragmentDepthsComputed()
            depth = Self.depth(Self.nesting(of: operation.selectionSet), depths)
            location = operation.location
        case .fragmentDefinition(let fragment):
            depth = fragmentDepthsComputed()[fragment.name.value] ?? 0
            location = fragment.location
        default:
            return nil
        }
        guard depth > Self.maxDepth else { return nil }
        return Diagnostic(
            "Selections nest more than \(Self.maxDepth) levels deep through fragment spreads. Validation aborted.",
            at: location)
    }

    private mutating func fragmentDepthsComputed() -> [String: Int] {
        if let fragmentDepths { return fragmentDepths }
        let computed = Self.fragmentDepths(document)
        fragmentDepths = computed
        return computed
    }

    /// A selection set's own depth (1 for the set itself) and its spreads with their depths.
    private static func nesting(of selectionSet: SelectionSetNode) -> (depth: Int, spreads: [(String, Int)]) {
        var maxDepth = 0
        var spreads: [(String, Int)] = []
        var pending = [(selectionSet, 1)]
        while let (set, depth) = pending.popLast() {
            maxDepth = max(maxDepth, depth)
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append((spread.name.value, depth))
                case .field(let field): if let nested = field.selectionSet { pending.append((nested, depth + 1)) }
                case .inlineFragment(let fragment): pending.append((fragment.selectionSet, depth + 1))
                }
            }
        }
        return (maxDepth, spreads)
    }

    private static func depth(_ nesting: (depth: Int, spreads: [(String, Int)]), _ depths: [String: Int]) -> Int {
        var depth = nesting.depth
        for (name, spreadDepth) in nesting.spreads {
            depth = max(depth, spreadDepth + (depths[name] ?? 0))
        }
        return depth
    }

    /// Each fragment's depth with the fragments it spreads, computed without recursion; a spread
    /// that closes a cycle adds nothing (the cycle is reported by NoFragmentCycles).
    private static func fragmentDepths(_ document: DocumentNode) -> [String: Int] {
        var order: [String] = []
        var nestings: [String: (depth: Int, spreads: [(String, Int)])] = [:]
        for case .fragment(let fragment) in document.definitions {
            if nestings[fragment.name.value] == nil { order.append(fragment.name.value) }
            nestings[fragment.name.value] = nesting(of: fragment.selectionSet)
        }
        var depths: [String: Int] = [:]
        for root in order where depths[root] == nil {
            var path: [(name: String, next: Int)] = [(root, 0)]
            var onPath: Set<String> = [root]
            while let (name, next) = path.last {
                let spreads = nestings[name]?.spreads ?? []
                var index = next
                var pushed = false
                while index < spreads.count {
                    let spread = spreads[index].0
                    index += 1
                    if nestings[spread] != nil, depths[spread] == nil, !onPath.contains(spread) {
                        path[path.count - 1].next = index
                        path.append((spread, 0))
                        onPath.insert(spread)
                        pushed = true
                        break
                    }
                }
                if !pushed {
                    path.removeLast()
                    onPath.remove(name)
                    if let nesting = nestings[name] { depths[name] = depth(nesting, depths) }
                }
            }
        }
        return depths
    }
}
