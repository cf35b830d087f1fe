/// Fragment Spreads Must Not Form Cycles (spec §5 Validation): no fragment spreads itself, directly
/// or through other fragments.
package struct NoFragmentCyclesRule: ValidationRule {
    let context: ValidationContext
    /// Fragments already searched, so each is searched once and each cycle reported once.
    private var visited: Set<String> = []

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
    }

    static func cycleMessage(_ name: String, via: [String]) -> String {
        let path = via.map { "\"\($0)\"" }.joined(separator: ", ")
        return "Cannot spread fragment \"\(name)\" within itself" + (via.isEmpty ? "." : " via \(path).")
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        switch node {
        case .operationDefinition:
            return .skipChildren
        case .fragmentDefinition(let fragment):
            detectCycles(from: fragment)
            return .skipChildren
        default:
            return .continue
        }
    }

    /// A depth-first search of the spreads from `fragment`, with an explicit stack; it goes on past
    /// a cycle to find every cycle.
    private mutating func detectCycles(from fragment: FragmentDefinitionNode) {
        var spreadPath: [FragmentSpreadNode] = []
        var pathIndexByName: [String: Int] = [:]
        var frames: [(name: String, spreads: [FragmentSpreadNode], next: Int)] = []

        func begin(_ fragment: FragmentDefinitionNode) -> Bool {
            let name = fragment.name.value
            guard visited.insert(name).inserted else { return false }
            let spreads = context.fragmentSpreads(in: fragment.selectionSet)
            guard !spreads.isEmpty else { return false }
            pathIndexByName[name] = spreadPath.count
            frames.append((name, spreads, 0))
            return true
        }

        _ = begin(fragment)
        while let top = frames.last {
            guard top.next < top.spreads.count else {
                frames.removeLast()
                pathIndexByName[top.name] = nil
                if !frames.isEmpty { spreadPath.removeLast() }
                continue
            }
            frames[frames.count - 1].next += 1
            let spread = top.spreads[top.next]
            let name = spread.name.value
            spreadPath.append(spread)
            if let cycleIndex = pathIndexByName[name] {
                let cycle = Array(spreadPath[cycleIndex...])
                context.report(
                    Self.cycleMessage(name, via: cycle.dropLast().map(\.name.value)), at: cycle.map(\.location))
                spreadPath.removeLast()
            } else if let next = context.fragment(named: name), begin(next) {
                continue
            } else {
                spreadPath.removeLast()
            }
        }
    }
}
