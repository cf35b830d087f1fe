import BatonCore

/// The fields of a type case: those its enclosing selection set selects for every type, then
/// its own, with a key selected in both merged (as Apollo iOS's type cases do).
enum InheritedFields {
    /// One field of the type case: the enclosing set's model of the key, if it selects it, and
    /// the type case's own selections of it.
    struct Entry {
        var key: String
        var inherited: FieldModel?
        var own: [ScopeCollector.Occurrence]
    }

    /// The type case's fields in order: the enclosing set's first, in its order, then the keys
    /// only the type case selects, in first-seen order.
    static func entries(inherited: [FieldModel], collected: ScopeCollector) -> [Entry] {
        var entries = inherited.map { field in
            Entry(key: field.responseKey, inherited: field, own: collected.fields[field.responseKey] ?? [])
        }
        let inheritedKeys = Set(inherited.map(\.responseKey))
        for key in collected.fieldOrder where !inheritedKeys.contains(key) {
            entries.append(Entry(key: key, inherited: nil, own: collected.fields[key] ?? []))
        }
        return entries
    }

    /// The enclosing set's field, when the type case's own selections of the key add nothing
    /// to it: each repeats one of its selections exactly, and together they make it no less
    /// conditional. The merge would build the same struct again.
    static func kept(_ entry: Entry) -> FieldModel? {
        guard var field = entry.inherited else { return nil }
        let repeats = entry.own.allSatisfy { own in field.occurrences.contains { $0.field == own.field } }
        let staysConditional = !field.isConditional || entry.own.allSatisfy(\.conditional)
        guard repeats && staysConditional else { return nil }
        field.isInherited = true
        return field
    }
}
