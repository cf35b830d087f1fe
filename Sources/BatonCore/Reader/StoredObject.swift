/// An object of data read from the store: the record it is and the selections the plan has for
/// it there. Generated accessors read its fields straight from the record by response key, so a
/// read from records builds no response-shaped copy.
struct StoredObject: Sendable {
    /// The record, or `nil` when the source does not hold it (every field then reads as missing).
    let record: StoreRecord?
    /// The selections read on this object (more than one field's, when several select it).
    let selections: [Selection]
    /// What the read of the whole operation found, with the records it saw.
    let trace: StoreReadTrace

    /// What the record holds under response key `key`: the stored value (`nil` when missing or
    /// not selected), and the selections of the fields read there, for an object below.
    func member(_ key: String) -> (value: FieldValue?, selections: [Selection]) {
        guard let record else { return (nil, []) }
        var lookup = MemberLookup(key: key)
        lookup.find(in: selections, typename: record.typename, variables: trace.variables)
        guard let field = lookup.field else { return (nil, []) }
        let value =
            field.name == "__typename"
            ? FieldValue.scalar(.string(record.typename)) : record.fields[field.storageKey(variables: trace.variables)]
        return (value, lookup.selections)
    }

    /// The object of the record `id` read by `selections`.
    func linked(_ id: RecordID, selections: [Selection]) -> StoredObject {
        StoredObject(record: trace.records[id], selections: selections, trace: trace)
    }

    /// Calls `body` with each field `selections` select on an object of type `typename`, through
    /// the fragments that apply, the conditions that hold and every deferral, in order.
    static func forEachField(
        in selections: [Selection], typename: String, variables: JSONObject, _ body: (PlanField) -> Void
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                body(field)
            case .inlineFragment(let fragment):
                guard fragment.matches(typename: typename) else { continue }
                forEachField(in: fragment.selections, typename: typename, variables: variables, body)
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) else { continue }
                forEachField(in: fragment.selections, typename: typename, variables: variables, body)
            case .condition(let condition):
                guard condition.applies(variables: variables) else { continue }
                forEachField(in: condition.selections, typename: typename, variables: variables, body)
            case .deferred(let deferred):
                forEachField(in: deferred.selections, typename: typename, variables: variables, body)
            }
        }
    }

    /// The members this object reads, as a response would hold them: what ``DataObject/json``
    /// shows of data read from records. Fields the record lacks are absent; a field with errors
    /// is `null`.
    var json: JSONObject {
        guard let record else { return JSONObject() }
        var members = JSONObject()
        Self.forEachField(in: selections, typename: record.typename, variables: trace.variables) { field in
            let responseKey = field.responseKey
            let json: JSONValue
            if field.name == "__typename" {
                json = .string(record.typename)
            } else if let stored = record.fields[field.storageKey(variables: trace.variables)] {
                json = self.json(stored, selections: field.selections)
            } else {
                return
            }
            if let held = members[responseKey] {
                members[responseKey] = Self.merged(held, json)
            } else {
                members[responseKey] = json
            }
        }
        return members
    }

    /// The response form of a stored value read by `selections`.
    func json(_ stored: FieldValue, selections: [Selection]) -> JSONValue {
        switch stored {
        case .scalar(let json): return json
        case .errors: return .null
        case .link(let id): return .object(linked(id, selections: selections).json)
        case .list(let elements): return .list(elements.map { json($0, selections: selections) })
        }
    }

    /// Two reads of one response key by different selections, as one value: objects merge
    /// member by member, lists element by element.
    static func merged(_ first: JSONValue, _ second: JSONValue) -> JSONValue {
        switch (first, second) {
        case (.object(var held), .object(let more)):
            for member in more {
                held[member.key] = held[member.key].map { merged($0, member.value) } ?? member.value
            }
            return .object(held)
        case (.list(let held), .list(let more)) where held.count == more.count:
            return .list(zip(held, more).map { merged($0, $1) })
        default:
            return first
        }
    }
}

/// The search for the fields an object's selections read under one response key. A leaf ends
/// the search at the first match (any match names the same field); an object field goes on, to
/// gather every selection read on the object below.
private struct MemberLookup {
    let key: String
    private(set) var field: PlanField?
    private(set) var selections: [Selection] = []

    init(key: String) {
        self.key = key
    }

    /// Searches `selections` of an object of type `typename`. - Returns: whether the search is over.
    @discardableResult
    mutating func find(in selections: [Selection], typename: String, variables: JSONObject) -> Bool {
        for selection in selections {
            switch selection {
            case .field(let candidate):
                guard candidate.responseKey == key else { continue }
                if field == nil {
                    field = candidate
                    if candidate.selections.isEmpty { return true }
                    self.selections = candidate.selections
                } else {
                    self.selections += candidate.selections
                }
            case .inlineFragment(let fragment):
                guard fragment.matches(typename: typename) else { continue }
                if find(in: fragment.selections, typename: typename, variables: variables) { return true }
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) else { continue }
                if find(in: fragment.selections, typename: typename, variables: variables) { return true }
            case .condition(let condition):
                guard condition.applies(variables: variables) else { continue }
                if find(in: condition.selections, typename: typename, variables: variables) { return true }
            case .deferred(let deferred):
                if find(in: deferred.selections, typename: typename, variables: variables) { return true }
            }
        }
        return false
    }
}
