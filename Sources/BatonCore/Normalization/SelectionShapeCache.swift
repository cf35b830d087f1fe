/// The selection shapes of earlier normalizations, kept for the next response of the same plan
/// under variables that shape it alike: compiling a plan's shapes (its fields per type, their
/// storage keys) costs a small response's walk again, and a page of a connection is the same
/// plan with another cursor, which no storage key holds.
///
/// A shape learns as it walks (the typename and member order last seen), so it is lent to one
/// normalization at a time: taken out under the lock, given back when the walk ends.
final class SelectionShapeCache: Sendable {
    /// The cache every byte normalization of the process shares.
    static let shared = SelectionShapeCache()

    /// What a plan's shapes are kept by: its selections' storage (held by the entry, so it stays
    /// this plan's while the entry lives) and what else of the plan shapes them.
    fileprivate struct PlanKey: Hashable, @unchecked Sendable {
        let selections: UnsafeRawPointer
        let typenameKey: String
        let cacheKeys: CacheKeys
    }

    /// One plan's shapes idle, by the values of the variables that shape them: touched under
    /// the lock alone, by no normalization.
    private struct Entry: @unchecked Sendable {
        let selections: [Selection]
        /// The variables a shape depends on (``SelectionShapeCache/shapingVariables(of:)``), sorted.
        let variables: [String]
        var idle: [String: [SelectionShape]] = [:]
    }

    /// A shape lent to one normalization, and where it goes back.
    struct Lent: @unchecked Sendable {
        let shape: SelectionShape
        fileprivate let plan: PlanKey?
        fileprivate let values: String
    }

    /// The most plans kept; past it the cache starts again.
    private static let largestCount = 64
    /// The most idle shapes of one plan and values: about as many as normalize it at once.
    private static let largestIdle = 4
    /// The most values of one plan's shaping variables kept (a `node(id:)` fetched for many
    /// IDs); past it the plan's shapes start again.
    private static let largestValues = 16

    private let entries = Locked<[PlanKey: Entry]>([:])

    /// A shape of `plan`'s selections under `variables`: one given back earlier under the same
    /// values of the variables that shape it, or a new one. Give it back with ``giveBack(_:)``
    /// when the walk is done with it.
    func shape(of plan: OperationPlan, variables: JSONObject) -> Lent {
        let context = ShapeContext(variables: variables, cacheKeys: plan.cacheKeys, typenameKey: plan.typenameKey)
        guard let selections = plan.selections.withUnsafeBufferPointer({ $0.baseAddress.map(UnsafeRawPointer.init) }) else {
            return Lent(shape: SelectionShape(plan.selections, context: context), plan: nil, values: "")
        }
        let key = PlanKey(selections: selections, typenameKey: plan.typenameKey, cacheKeys: plan.cacheKeys)
        let names = entries.withLock { $0[key]?.variables } ?? Self.shapingVariables(of: plan.selections)
        let values = Self.values(of: names, in: variables)
        let idle = entries.withLock { entries -> SelectionShape? in
            if entries[key] == nil {
                if entries.count >= Self.largestCount { entries.removeAll() }
                entries[key] = Entry(selections: plan.selections, variables: names)
                return nil
            }
            return entries[key]?.idle[values]?.popLast()
        }
        return Lent(shape: idle ?? SelectionShape(plan.selections, context: context), plan: key, values: values)
    }

    /// Takes `lent` back, for the next normalization of its plan under the same values.
    func giveBack(_ lent: Lent) {
        guard let key = lent.plan else { return }
        entries.withLock { entries in
            guard var entry = entries[key], entry.idle[lent.values]?.count ?? 0 < Self.largestIdle else { return }
            // Moved out while changed, so the dictionary it sits in is not copied.
            entries[key] = nil
            if entry.idle[lent.values] == nil && entry.idle.count >= Self.largestValues { entry.idle.removeAll() }
            entry.idle[lent.values, default: []].append(lent.shape)
            entries[key] = entry
        }
    }

    /// The values of `names` in `variables`, as one text (an absent one told from a null).
    private static func values(of names: [String], in variables: JSONObject) -> String {
        var text = ""
        for name in names {
            text += name
            if let value = variables[name] {
                text += "="
                text += String(decoding: value.serializedBytes(sortingKeys: true), as: UTF8.self)
            }
            text += "\u{0}"
        }
        return text
    }

    /// The variables whose values a shape of `selections` depends on, sorted: those of every
    /// argument but a `@connection` field's paging ones (its storage key holds its filters
    /// alone), and those of `@include`, `@skip` and `@defer(if:)`.
    static func shapingVariables(of selections: [Selection]) -> [String] {
        var names = Set<String>()
        func visit(_ value: PlanValue) {
            switch value {
            case .literal: break
            case .variable(let name): names.insert(name)
            case .list(let elements): elements.forEach(visit)
            case .object(let members): members.forEach { visit($0.value) }
            }
        }
        func visit(_ selections: [Selection]) {
            for selection in selections {
                switch selection {
                case .field(let field):
                    for argument in field.arguments where field.connection?.filters.contains(argument.name) ?? true {
                        visit(argument.value)
                    }
                    visit(field.selections)
                case .inlineFragment(let fragment):
                    visit(fragment.selections)
                case .fragmentSpread(let spread):
                    visit(spread.fragment.selections)
                case .condition(let condition):
                    names.insert(condition.variable)
                    visit(condition.selections)
                case .deferred(let deferred):
                    if let name = deferred.ifVariable { names.insert(name) }
                    visit(deferred.selections)
                }
            }
        }
        visit(selections)
        return names.sorted()
    }
}
