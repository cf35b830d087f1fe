import BatonCore

/// Whether a fragment has a `@required(action: NONE|LOG)` field whose null nulls its view.
enum RequiredBubbling {
    static func bubbles(_ plan: FragmentPlan) -> Bool {
        let collected = ScopeCollector.collect(plan.selections.map { ($0, false) }, scopeTypes: plan.possibleTypes)
        return collected.fields.values.contains { occurrences in
            guard let field = occurrences.first?.field else { return false }
            return field.required == RequiredAction.none || field.required == .log
        }
    }
}
