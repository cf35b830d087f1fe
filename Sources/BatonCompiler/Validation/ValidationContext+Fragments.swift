/// The fragment spreads of selection sets and the fragments operations reach through them.
extension ValidationContext {
    /// The fragment spreads in a selection set and the selection sets nested in it, but not in the
    /// fragments they spread (graphql-js's `getFragmentSpreads`, in its order).
    /// - Parameter selectionSet: The selection set.
    package func fragmentSpreads(in selectionSet: SelectionSetNode) -> [FragmentSpreadNode] {
        let key = SelectionSetKey(selectionSet)
        if let key, let cached = fragmentSpreadCache[key] { return cached }
        var spreads: [FragmentSpreadNode] = []
        var pending = [selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(spread)
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                }
            }
        }
        if let key { fragmentSpreadCache[key] = spreads }
        return spreads
    }

    /// Every fragment an operation spreads, directly or through other fragments, each once, in
    /// the order they are first reached.
    /// - Parameter operation: The operation.
    package func recursivelyReferencedFragments(of operation: OperationDefinitionNode) -> [FragmentDefinitionNode] {
        recursivelyReferencedFragments(of: [operation])
    }

    /// Every fragment some of the operations spread, directly or through other fragments.
    /// - Parameter operations: The operations.
    package func recursivelyReferencedFragments(of operations: [OperationDefinitionNode]) -> [FragmentDefinitionNode] {
        var names: [String] = []
        var seen: Set<String> = []
        for operation in operations {
            for spread in fragmentSpreads(in: operation.selectionSet) where seen.insert(spread.name.value).inserted {
                names.append(spread.name.value)
            }
        }
        var fragments: [FragmentDefinitionNode] = []
        // The list grows while it is read: each fragment's spreads join the end.
        var index = 0
        while index < names.count {
            if let fragment = fragment(named: names[index]) {
                fragments.append(fragment)
                for spread in fragmentSpreads(in: fragment.selectionSet) where seen.insert(spread.name.value).inserted {
                    names.append(spread.name.value)
                }
            }
            index += 1
        }
        return fragments
    }
}
