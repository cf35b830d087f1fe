extension ReadNode {
    /// The members this object reads, as a response would hold them: what ``DataObject/json``
    /// shows of data read from records. Fields the record lacks are absent; a field with errors
    /// is `null`.
    var json: JSONObject {
        guard let typename else { return JSONObject() }
        var members = JSONObject()
        for (index, entry) in selections.entries.enumerated()
        where ReadSelections.holds(entry.typeConditions, for: typename) {
            guard let value = value(at: index) else { continue }
            let json = value.json
            if let held = members[entry.responseKey] {
                members[entry.responseKey] = Self.merged(held, json)
            } else {
                members[entry.responseKey] = json
            }
        }
        return members
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
