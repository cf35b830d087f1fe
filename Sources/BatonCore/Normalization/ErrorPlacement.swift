/// Where the normalizer keeps each GraphQL error: beside the field its path names, or beside
/// the nearest null on the way there (a parent the server nulled), each error kept whole.
struct ErrorPlacement {
    var walk: NormalizerWalk
    let rootSelections: [Selection]
    let root: RecordID

    /// Places each of `errors` beside its field, in order. - Returns: the errors that belong
    /// to no stored field: without a path, or with a path the response never reached.
    mutating func place(_ errors: [GraphQLError]) -> [GraphQLError] {
        var unplaced: [GraphQLError] = []
        for error in errors {
            guard let path = error.path, !path.isEmpty, place(error, steps: path[...], record: root, selections: rootSelections)
            else {
                unplaced.append(error)
                continue
            }
        }
        return unplaced
    }

    /// Places `error` whose remaining path is `steps`, starting at a field of `record`.
    private mutating func place(
        _ error: GraphQLError, steps: ArraySlice<GraphQLError.PathElement>, record: RecordID, selections: [Selection]
    ) -> Bool {
        guard case .key(let key)? = steps.first, let field = PlanLookup.field(responseKey: key, in: selections) else {
            return false
        }
        let storageKey = field.storageKey(variables: walk.variables)
        guard let value = walk.record(record)?.fields[storageKey] else { return false }
        var next: (RecordID, ArraySlice<GraphQLError.PathElement>)?
        var updated = value
        guard Self.place(error, in: &updated, steps: steps.dropFirst(), link: &next) else { return false }
        if let (id, rest) = next {
            return place(error, steps: rest, record: id, selections: field.selections)
        }
        walk.update(record) { $0.fields[storageKey] = updated }
        return true
    }

    /// Places `error` inside one stored value: at a null (which becomes the error's place) or
    /// down a list; at a link with path left, hands back the linked record and the rest.
    private static func place(
        _ error: GraphQLError, in value: inout FieldValue, steps: ArraySlice<GraphQLError.PathElement>,
        link: inout (RecordID, ArraySlice<GraphQLError.PathElement>)?
    ) -> Bool {
        switch value {
        case .scalar(.null):
            value = .errors([error])
            return true
        case .errors(let held):
            value = .errors(held + [error])
            return true
        case .scalar:
            // A value the server sent with an error at or below it: no field holds both, so the
            // error is the operation's.
            return false
        case .link(let id):
            guard !steps.isEmpty else { return false }
            link = (id, steps)
            return true
        case .list(var elements):
            guard case .index(let index)? = steps.first, elements.indices.contains(index) else { return false }
            guard place(error, in: &elements[index], steps: steps.dropFirst(), link: &link) else { return false }
            value = .list(elements)
            return true
        }
    }
}
