/// An object of data read from the store: the record it is and the selections the read has for
/// it there. Generated accessors read its fields straight from the record by response key, so a
/// read from records builds no response-shaped copy.
struct StoredObject: Sendable {
    /// The record, or `nil` when the source does not hold it (every field then reads as missing).
    let record: StoreRecord?
    /// The selections read on this object (more than one field's, when several select it).
    let selections: ReadSelections
    /// What the read of the whole operation found, with the records it saw.
    let trace: StoreReadTrace

    /// What the record holds under response key `key`: the stored value (`nil` when missing or
    /// not selected), and the selections of the fields read there, for an object below. A leaf
    /// ends the search at its first match (every match names the same field); an object field
    /// gathers the selections of every match.
    func member(_ key: String) -> (value: FieldValue?, selections: ReadSelections?) {
        guard let record else { return (nil, nil) }
        let keys = selections.keys
        var found: FieldValue?
        var matched = false
        var below: ReadSelections?
        for index in keys.indices where keys[index] == key {
            let entry = selections.entries[index]
            guard Self.holds(entry.typeConditions, for: record.typename) else { continue }
            if !matched {
                matched = true
                found = entry.isTypename ? .scalar(.string(record.typename)) : record.fields[entry.key]
                guard let child = entry.child else { return (found, nil) }
                below = child
            } else if let child = entry.child {
                below = below?.merged(with: child) ?? child
            }
        }
        return (found, below)
    }

    /// Whether every one of `conditions` holds for an object of type `typename`.
    static func holds(_ conditions: [ReadSelections.TypeCondition], for typename: String) -> Bool {
        for condition in conditions where !condition.holds(for: typename) { return false }
        return true
    }

    /// The object of the record `id` read by `selections`.
    func linked(_ id: RecordID, selections: ReadSelections?) -> StoredObject {
        StoredObject(record: trace.record(id), selections: selections ?? ReadSelections([], variables: [:]), trace: trace)
    }

    /// The members this object reads, as a response would hold them: what ``DataObject/json``
    /// shows of data read from records. Fields the record lacks are absent; a field with errors
    /// is `null`.
    var json: JSONObject {
        guard let record else { return JSONObject() }
        var members = JSONObject()
        for entry in selections.entries where Self.holds(entry.typeConditions, for: record.typename) {
            let json: JSONValue
            if entry.isTypename {
                json = .string(record.typename)
            } else if let stored = record.fields[entry.key] {
                json = self.json(stored, selections: entry.child)
            } else {
                continue
            }
            if let held = members[entry.responseKey] {
                members[entry.responseKey] = Self.merged(held, json)
            } else {
                members[entry.responseKey] = json
            }
        }
        return members
    }

    /// The response form of a stored value read by `selections`.
    func json(_ stored: FieldValue, selections: ReadSelections?) -> JSONValue {
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
