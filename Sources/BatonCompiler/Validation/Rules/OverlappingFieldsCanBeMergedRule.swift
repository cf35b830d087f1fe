/// Field Selection Merging (spec §5 Validation, FieldsInSetCanMerge): fields that share a response
/// name, within a selection set and through the fragments and inline fragments it holds, can be
/// merged: the same field with the same arguments where their parents may be one object, and
/// values of the same shape always.
///
/// The comparisons follow graphql-js's algorithm (see ``FieldConflictFinder``), which collects the
/// fields of each selection set once and remembers which fields and fragments it has compared, so
/// the work grows with the pairs of fields that share a response name rather than exponentially.
package struct OverlappingFieldsCanBeMergedRule: ValidationRule {
    let context: ValidationContext
    private let finder: FieldConflictFinder

    /// Makes the rule for one document; it reports what it finds through `context`.
    /// - Parameter context: The document, schema and current type information, and where errors go.
    package init(context: ValidationContext) {
        self.context = context
        self.finder = FieldConflictFinder(context: context)
    }

    static func conflictMessage(_ responseName: String, reason: String) -> String {
        "Fields \"\(FieldConflictFinder.abbreviated(responseName))\" conflict because \(reason)."
            + " Use different aliases on the fields to fetch both if this was intentional."
    }

    package mutating func enter(_ node: ASTNode) -> VisitAction {
        guard case .selectionSet(let selectionSet) = node else { return .continue }
        // An inline fragment's fields belong to the enclosing selection set, checked there.
        if case .inlineFragment = context.parentNode { return .continue }
        let selections = selectionSet.selections
        if selections.count <= 1 {
            guard case .inlineFragment = selections.first else { return .continue }
        }
        for conflict in finder.conflictsWithin(selectionSet, parentType: context.parentType) {
            context.report(
                Self.conflictMessage(conflict.responseName, reason: conflict.reason),
                at: (conflict.fields1 + conflict.fields2).map(\.location))
        }
        return .continue
    }
}
