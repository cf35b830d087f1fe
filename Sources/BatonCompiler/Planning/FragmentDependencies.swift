/// The fragments a selection set uses, directly or through other fragments.
enum FragmentDependencies {
    /// The names of every fragment `set` spreads, transitively, sorted; names with no definition
    /// in `fragments` are left out.
    static func names(in set: SelectionSetNode, fragments: [String: FragmentDefinitionNode]) -> [String] {
        var found: Set<String> = []
        var pendingSets = [set]
        while let current = pendingSets.popLast() {
            var pendingSelections = current.selections
            while let selection = pendingSelections.popLast() {
                switch selection {
                case .field(let field):
                    if let child = field.selectionSet { pendingSelections.append(contentsOf: child.selections) }
                case .inlineFragment(let fragment):
                    pendingSelections.append(contentsOf: fragment.selectionSet.selections)
                case .fragmentSpread(let spread):
                    let name = spread.name.value
                    guard let definition = fragments[name], found.insert(name).inserted else { continue }
                    pendingSets.append(definition.selectionSet)
                }
            }
        }
        return found.sorted()
    }
}
