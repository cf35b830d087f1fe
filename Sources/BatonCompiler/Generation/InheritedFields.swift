import BatonCore

/// The fields of a type case: those its enclosing selection set selects for every type, then
/// those of its broader sibling type cases, then its own, with a key selected more than once
/// merged (as Apollo iOS's type cases do).
enum InheritedFields {
    typealias Occurrence = ScopeCollector.Occurrence

    /// One field of the type case: the enclosing set's model of the key, if it selects it, the
    /// broader siblings' selections of it, and the type case's own.
    struct Entry {
        var key: String
        var inherited: FieldModel?
        /// The siblings' selections the enclosing set's and earlier siblings' do not repeat.
        var siblings: [Occurrence] = []
        var own: [Occurrence]

        /// Every selection of the key, in the order the type case merges them.
        var occurrences: [Occurrence] { (inherited?.occurrences ?? []) + siblings + own }
    }

    /// The type case's fields in order: the enclosing set's first, in its order, then the keys
    /// the siblings add, in document order, then the keys only the type case selects.
    static func entries(
        inherited: [FieldModel], siblings: [SiblingTypeCases.Contribution], collected: ScopeCollector
    ) -> [Entry] {
        var entries = inherited.map { field in
            Entry(key: field.responseKey, inherited: field, own: collected.fields[field.responseKey] ?? [])
        }
        var indices = Dictionary(entries.indices.map { (entries[$0].key, $0) }, uniquingKeysWith: { first, _ in first })
        for sibling in siblings {
            for key in sibling.collected.fieldOrder {
                let index =
                    indices[key]
                    ?? {
                        entries.append(Entry(key: key, inherited: nil, own: collected.fields[key] ?? []))
                        indices[key] = entries.count - 1
                        return entries.count - 1
                    }()
                for occurrence in sibling.collected.fields[key] ?? [] {
                    let added = (field: occurrence.field, conditional: occurrence.conditional || sibling.conditional)
                    let seen = (entries[index].inherited?.occurrences ?? []) + entries[index].siblings
                    if !seen.contains(where: { same($0, added) }) { entries[index].siblings.append(added) }
                }
            }
        }
        for key in collected.fieldOrder where indices[key] == nil {
            entries.append(Entry(key: key, inherited: nil, own: collected.fields[key] ?? []))
        }
        return entries
    }

    /// The enclosing set's field, when the siblings' and the type case's own selections of the
    /// key add nothing to it: each repeats one of its selections exactly, and together they make
    /// it no less conditional. The merge would build the same struct again.
    static func kept(_ entry: Entry) -> FieldModel? {
        guard var field = entry.inherited else { return nil }
        let added = entry.siblings + entry.own
        let repeats = added.allSatisfy { own in field.occurrences.contains { $0.field == own.field } }
        let staysConditional = !field.isConditional || added.allSatisfy(\.conditional)
        guard repeats && staysConditional else { return nil }
        field.isInherited = true
        return field
    }

    /// A sibling's field of composite type, when the type case merges exactly the selections
    /// the sibling merged: its struct is the sibling's, named through the sibling's.
    static func shared(_ entry: Entry, siblings: [SiblingTypeCases.Contribution]) -> FieldModel? {
        let occurrences = entry.occurrences
        for sibling in siblings {
            guard let model = sibling.model, var field = model.fields.first(where: { $0.responseKey == entry.key }),
                var child = field.child, field.occurrences.count == occurrences.count,
                zip(field.occurrences, occurrences).allSatisfy(same)
            else { continue }
            // A struct the sibling took unchanged is named as the sibling names it.
            if !field.isInherited && !field.isShared { child.typeName = sibling.typeName + "." + child.typeName }
            field.child = child
            field.isInherited = false
            field.isShared = true
            return field
        }
        return nil
    }

    private static func same(_ left: Occurrence, _ right: Occurrence) -> Bool {
        left.field == right.field && left.conditional == right.conditional
    }
}
