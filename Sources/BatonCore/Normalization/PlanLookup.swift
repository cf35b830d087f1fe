/// Finding fields of a selection set by name or response key, looking through fragments,
/// conditions and deferrals.
enum PlanLookup {
    /// The response key of the field named `name` selected without arguments, when one is.
    static func responseKey(ofArgumentlessField name: String, in selections: [Selection]) -> String? {
        // Key fields are nearly always selected directly and unaliased: look there first.
        for selection in selections {
            if case .field(let field) = selection, field.name == name, field.arguments.isEmpty {
                return field.responseKey
            }
        }
        return first(in: selections) { $0.name == name && $0.arguments.isEmpty }?.responseKey
    }

    /// The first field selected under response key `key`. Fields sharing a response key in one
    /// selection set have the same name and arguments (validation sees to it), so any will do.
    static func field(responseKey key: String, in selections: [Selection]) -> PlanField? {
        first(in: selections) { $0.responseKey == key }
    }

    private static func first(in selections: [Selection], where matches: (PlanField) -> Bool) -> PlanField? {
        for selection in selections {
            switch selection {
            case .field(let field):
                if matches(field) { return field }
            case .inlineFragment(let fragment):
                if let found = first(in: fragment.selections, where: matches) { return found }
            case .fragmentSpread(let spread):
                if let found = first(in: spread.fragment.selections, where: matches) { return found }
            case .condition(let condition):
                if let found = first(in: condition.selections, where: matches) { return found }
            case .deferred(let deferred):
                if let found = first(in: deferred.selections, where: matches) { return found }
            }
        }
        return nil
    }
}

/// Following a response path through records by the plan: the record an incremental part's
/// path names.
enum PlanPath {
    /// The object at `path`: its record, type and the selections the plan has for it; `nil`
    /// when the plan or the records do not reach an object there.
    static func resolve(
        _ path: [GraphQLError.PathElement], from root: RecordID, selections: [Selection], variables: JSONObject,
        record: (RecordID) -> StoreRecord?
    ) -> (id: RecordID, typename: String, selections: [Selection])? {
        var current = root
        var currentSelections = selections
        var steps = path[...]
        while let step = steps.popFirst() {
            guard case .key(let key) = step, let field = PlanLookup.field(responseKey: key, in: currentSelections),
                var value = record(current)?.fields[field.storageKey(variables: variables)]
            else { return nil }
            while case .list(let elements) = value {
                guard case .index(let index)? = steps.popFirst(), elements.indices.contains(index) else { return nil }
                value = elements[index]
            }
            guard case .link(let id) = value else { return nil }
            current = id
            currentSelections = field.selections
        }
        guard let typename = record(current)?.typename else { return nil }
        return (current, typename, currentSelections)
    }
}
