/// Which field errors a `@catch` in a plan catches: those at or under a field that carries it.
enum CaughtErrors {
    /// The errors of `errors` that no `@catch` field of `selections` (read at `base`) catches,
    /// in order. An error with no path is never caught.
    static func uncaught(
        _ errors: [GraphQLError], below base: [GraphQLError.PathElement], selections: [Selection]
    ) -> [GraphQLError] {
        errors.filter { error in
            guard let path = error.path, path.starts(with: base) else { return true }
            return !isCaught(path.dropFirst(base.count), selections)
        }
    }

    /// Whether walking `path` through `selections` passes a field with `@catch`.
    static func isCaught(_ path: ArraySlice<GraphQLError.PathElement>, _ selections: [Selection]) -> Bool {
        var current = selections
        for step in path {
            guard case .key(let key) = step else { continue }
            var next: [Selection] = []
            for (field, insideCatch) in catchingFields(in: current) where field.responseKey == key {
                if insideCatch || field.catchTo != nil { return true }
                next.append(contentsOf: field.selections)
            }
            if next.isEmpty { return false }
            current = next
        }
        return false
    }

    /// The fields of a selection list, looking through fragments, conditions and deferrals,
    /// each with whether an aliased inline fragment with `@catch` holds it.
    static func catchingFields(in selections: [Selection]) -> [(field: PlanField, insideCatch: Bool)] {
        var fields: [(PlanField, Bool)] = []
        var pending = selections.reversed().map { ($0, false) }
        while let (selection, insideCatch) = pending.popLast() {
            switch selection {
            case .field(let field): fields.append((field, insideCatch))
            case .inlineFragment(let fragment):
                let catches = insideCatch || fragment.catchTo != nil
                pending.append(contentsOf: fragment.selections.reversed().map { ($0, catches) })
            case .fragmentSpread(let spread): pending.append(contentsOf: spread.fragment.selections.reversed().map { ($0, insideCatch) })
            case .condition(let condition): pending.append(contentsOf: condition.selections.reversed().map { ($0, insideCatch) })
            case .deferred(let deferred): pending.append(contentsOf: deferred.selections.reversed().map { ($0, insideCatch) })
            }
        }
        return fields
    }
}
