@_spi(Generated) import BatonCore

/// What a plan selects from a response's data and nothing else, as the reader types it: the
/// part a store keeps, for comparing with the JSON a read from records shows.
struct SelectedJSON {
    let variables: JSONObject
    /// The response key that holds an object's typename (the plan's).
    let typenameKey: String

    /// The members of `json` that `selections` select, through every fragment that applies.
    func project(_ json: JSONObject, _ selections: [Selection]) -> JSONObject {
        var kept = JSONObject()
        collect(json, selections, into: &kept)
        return kept
    }

    private func collect(_ json: JSONObject, _ selections: [Selection], into kept: inout JSONObject) {
        let typename = json[typenameKey]?.stringValue ?? ""
        for selection in selections {
            switch selection {
            case .field(let field):
                guard let value = json[field.responseKey] else { continue }
                let projected = project(value, field.selections)
                kept[field.responseKey] = kept[field.responseKey].map { merged($0, projected) } ?? projected
            case .inlineFragment(let fragment):
                if fragment.matches(typename: typename) { collect(json, fragment.selections, into: &kept) }
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                if fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) {
                    collect(json, fragment.selections, into: &kept)
                }
            case .condition(let condition):
                if condition.applies(variables: variables) { collect(json, condition.selections, into: &kept) }
            case .deferred(let deferred):
                collect(json, deferred.selections, into: &kept)
            }
        }
    }

    private func project(_ value: JSONValue, _ selections: [Selection]) -> JSONValue {
        guard !selections.isEmpty else { return value }
        switch value {
        case .object(let members): return .object(project(members, selections))
        case .list(let elements): return .list(elements.map { project($0, selections) })
        default: return value
        }
    }

    /// Two values of one response key selected twice, as one: objects member by member, lists
    /// element by element, as the reader merges them.
    private func merged(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        switch (first, second) {
        case (.object(var held), .object(let more)):
            for member in more { held[member.key] = held[member.key].map { merged($0, member.value) } ?? member.value }
            return .object(held)
        case (.list(let held), .list(let more)) where held.count == more.count:
            return .list(zip(held, more).map { merged($0, $1) })
        default:
            return first
        }
    }

    /// `object` printed with sorted keys, so member order does not matter.
    static func canonical(_ object: JSONObject) -> String {
        String(decoding: JSONValue.object(object).serializedBytes(sortingKeys: true), as: UTF8.self)
    }
}
