import BatonCore

/// Gathers what one struct's scope selects: its fields by response key, the inline fragments
/// that are type cases, the deferred parts and the fragment spreads, each in first-seen order.
struct ScopeCollector {
    typealias Entry = SelectionSetModelBuilder.Entry
    /// One selection of a field, with whether `@include`/`@skip` guards it.
    typealias Occurrence = (field: PlanField, conditional: Bool)

    struct TypeCase {
        var typeCondition: String
        var possibleTypes: Set<String>
        var isDeferred: Bool
        var parts: [(selections: [Selection], conditional: Bool)]
    }

    struct DeferredBlock {
        var label: String?
        var selections: [Selection]
    }

    struct Spread {
        var fragment: FragmentPlan
        /// The values the spread gives the fragment's local arguments (`@arguments`).
        var arguments: [PlanArgument]
        var isDeferred: Bool
        var allConditional: Bool
    }

    /// An inline fragment read as a value of its own (`@alias(as:)`), never merged.
    struct Aliased {
        var fragment: InlineFragment
        var conditional: Bool
        var isDeferred: Bool
    }

    var fieldOrder: [String] = []
    var fields: [String: [Occurrence]] = [:]
    var typeCases: [TypeCase] = []
    var deferredBlocks: [DeferredBlock] = []
    var spreads: [Spread] = []
    var aliased: [Aliased] = []

    /// What `entries` select on an object whose possible types are `scopeTypes`.
    static func collect(_ entries: [Entry], scopeTypes: Set<String>) -> ScopeCollector {
        var collector = ScopeCollector()
        var pending = Array(entries.reversed())
        while let (selection, conditional) = pending.popLast() {
            switch selection {
            case .field(let field):
                // What the compiler added for the runtime is stored, not typed.
                if field.isHidden { continue }
                let key = field.responseKey
                if collector.fields[key] == nil { collector.fieldOrder.append(key) }
                collector.fields[key, default: []].append((field, conditional))
            case .condition(let condition):
                pending.append(contentsOf: condition.selections.reversed().map { ($0, true) })
            case .inlineFragment(let fragment):
                if fragment.alias != nil {
                    collector.aliased.append(Aliased(fragment: fragment, conditional: conditional, isDeferred: false))
                } else if covers(fragment, scopeTypes) {
                    pending.append(contentsOf: fragment.selections.reversed().map { ($0, conditional) })
                } else if let typeCondition = fragment.typeCondition {
                    collector.addTypeCase(typeCondition, fragment.possibleTypes, fragment.selections, conditional, deferred: false)
                }
            case .fragmentSpread(let spread):
                collector.addSpread(spread, conditional: conditional, deferred: false)
            case .deferred(let deferred):
                collector.addDeferred(deferred, conditional: conditional, scopeTypes: scopeTypes)
            }
        }
        return collector
    }

    /// Whether an inline fragment's type condition holds for every object of the scope.
    static func covers(_ fragment: InlineFragment, _ scopeTypes: Set<String>) -> Bool {
        guard fragment.typeCondition != nil else { return true }
        return !scopeTypes.isEmpty && scopeTypes.isSubset(of: fragment.possibleTypes)
    }

    /// A deferred fragment spread or type condition is a spread or type case that arrives
    /// later; anything else deferred is a part of its own.
    private mutating func addDeferred(_ deferred: Deferred, conditional: Bool, scopeTypes: Set<String>) {
        if deferred.selections.count == 1, let only = deferred.selections.first {
            switch only {
            case .fragmentSpread(let spread):
                addSpread(spread, conditional: conditional, deferred: true)
                return
            case .inlineFragment(let fragment) where fragment.alias != nil:
                aliased.append(Aliased(fragment: fragment, conditional: conditional, isDeferred: true))
                return
            case .inlineFragment(let fragment):
                if let typeCondition = fragment.typeCondition, !Self.covers(fragment, scopeTypes) {
                    addTypeCase(typeCondition, fragment.possibleTypes, fragment.selections, conditional, deferred: true)
                    return
                }
            case .field, .condition, .deferred:
                break
            }
        }
        deferredBlocks.append(DeferredBlock(label: deferred.label, selections: deferred.selections))
    }

    private mutating func addTypeCase(
        _ typeCondition: String, _ possibleTypes: Set<String>, _ selections: [Selection], _ conditional: Bool,
        deferred: Bool
    ) {
        if let index = typeCases.firstIndex(where: { $0.typeCondition == typeCondition && $0.isDeferred == deferred }) {
            typeCases[index].parts.append((selections, conditional))
        } else {
            typeCases.append(
                TypeCase(
                    typeCondition: typeCondition, possibleTypes: possibleTypes, isDeferred: deferred,
                    parts: [(selections, conditional)]))
        }
    }

    private mutating func addSpread(_ spread: FragmentSpread, conditional: Bool, deferred: Bool) {
        if let index = spreads.firstIndex(where: { $0.fragment.name == spread.fragment.name }) {
            spreads[index].isDeferred = spreads[index].isDeferred || deferred
            spreads[index].allConditional = spreads[index].allConditional && conditional
        } else {
            spreads.append(
                Spread(fragment: spread.fragment, arguments: spread.arguments, isDeferred: deferred, allConditional: conditional))
        }
    }

    /// The response keys of the fields `selections` always select at their top, looking
    /// through inline fragments without a type condition.
    static func topLevelKeys(_ selections: [Selection]) -> [String] {
        var keys: [String] = []
        var pending = Array(selections.reversed())
        while let selection = pending.popLast() {
            switch selection {
            case .field(let field):
                if !field.isHidden && !keys.contains(field.responseKey) { keys.append(field.responseKey) }
            case .inlineFragment(let fragment) where fragment.typeCondition == nil:
                pending.append(contentsOf: fragment.selections.reversed())
            case .inlineFragment, .fragmentSpread, .condition, .deferred:
                break
            }
        }
        return keys
    }
}
