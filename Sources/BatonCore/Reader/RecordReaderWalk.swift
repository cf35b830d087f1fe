/// The traversal of the reader: through records by the plan's selections, noting every record
/// looked up (and what it held), every field missing and every error found. It builds nothing
/// response-shaped: the accessors read the records it saw.
struct RecordReaderWalk<Source: RecordSource> {
    let source: Source
    let variables: JSONObject
    private(set) var seen: Set<RecordID> = []
    private(set) var missing: [MissingField] = []
    private(set) var missingAt: [[GraphQLError.PathElement]: MissingField] = [:]
    private(set) var errors: [GraphQLError] = []
    /// The records held among those seen, as the walk found them.
    private(set) var records: [RecordID: StoreRecord] = [:]
    /// The response path of the value being visited, pushed and popped on the way.
    private var path: [GraphQLError.PathElement] = []

    init(source: Source, variables: JSONObject) {
        self.source = source
        self.variables = variables
    }

    /// Visits record `id` by `selections`, at the current path. A record the source lacks reads
    /// as one holding no fields: each one selected is missing.
    mutating func object(_ id: RecordID, selections: [Selection], owner: String) {
        seen.insert(id)
        let record = source.record(id)
        if let record { records[id] = record }
        collect(record, id: id, selections: selections, owner: owner, pending: false)
    }

    private mutating func collect(
        _ record: StoreRecord?, id: RecordID, selections: [Selection], owner: String, pending: Bool
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.name == "__typename" {
                    if record == nil, !pending {
                        noteMissing(owner: owner, record: id, field: FieldKey("__typename"), key: field.responseKey)
                    }
                    continue
                }
                let key = field.storageKey(variables: variables)
                guard let stored = record?.fields[key] else {
                    if !pending { noteMissing(owner: owner, record: id, field: key, key: field.responseKey) }
                    continue
                }
                if case .scalar = stored { continue }  // the common case needs no path
                path.append(.key(field.responseKey))
                value(stored, field: field, owner: owner)
                path.removeLast()
            case .inlineFragment(let fragment):
                guard let typename = record?.typename, fragment.matches(typename: typename) else { continue }
                collect(record, id: id, selections: fragment.selections, owner: owner, pending: pending)
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard let typename = record?.typename,
                    fragment.typeCondition == typename || fragment.possibleTypes.contains(typename)
                else { continue }
                collect(record, id: id, selections: fragment.selections, owner: fragment.name, pending: pending)
            case .condition(let condition):
                guard condition.applies(variables: variables) else { continue }
                collect(record, id: id, selections: condition.selections, owner: owner, pending: pending)
            case .deferred(let deferred):
                // A deferred fragment none of whose fields has arrived is pending, not missing.
                let arrived = record.map { Self.hasAnyField(of: deferred.selections, in: $0, variables: variables) } ?? false
                collect(record, id: id, selections: deferred.selections, owner: owner, pending: pending || !arrived)
            }
        }
    }

    /// Visits a stored value at the current path.
    private mutating func value(_ stored: FieldValue, field: PlanField, owner: String) {
        switch stored {
        case .scalar:
            return
        case .errors(let held):
            for error in held { errors.append(Self.error(error, readAt: path)) }
        case .link(let id):
            object(id, selections: field.selections, owner: owner)
        case .list(let elements):
            for (index, element) in elements.enumerated() {
                if case .scalar = element { continue }
                path.append(.index(index))
                value(element, field: field, owner: owner)
                path.removeLast()
            }
        }
    }

    /// Notes the field `field` of `record`, read under response key `key` at the current path, as missing.
    private mutating func noteMissing(owner: String, record: RecordID, field: FieldKey, key: String) {
        let found = MissingField(owner: owner, record: record, field: field)
        seen.insert(record)
        let at = path + [.key(key)]
        if missingAt[at] == nil {
            missingAt[at] = found
            missing.append(found)
        }
    }

    /// `error`, kept beside a field read at `path`, with its path as this read sees it: the
    /// stored path when it runs through `path`, otherwise `path` followed by what the stored
    /// path has beyond that depth (the part below the nulled field it was kept on).
    static func error(_ error: GraphQLError, readAt path: [GraphQLError.PathElement]) -> GraphQLError {
        guard let stored = error.path, !stored.starts(with: path) else { return error }
        var moved = error
        moved.path = path + stored.dropFirst(min(path.count, stored.count))
        return moved
    }

    /// Whether `record` holds any field `selections` select directly or through fragments.
    static func hasAnyField(of selections: [Selection], in record: StoreRecord, variables: JSONObject) -> Bool {
        for selection in selections {
            switch selection {
            case .field(let field):
                if field.name == "__typename" { continue }
                if record.fields[field.storageKey(variables: variables)] != nil { return true }
            case .inlineFragment(let fragment):
                if hasAnyField(of: fragment.selections, in: record, variables: variables) { return true }
            case .fragmentSpread(let spread):
                if hasAnyField(of: spread.fragment.selections, in: record, variables: variables) { return true }
            case .condition(let condition):
                if hasAnyField(of: condition.selections, in: record, variables: variables) { return true }
            case .deferred(let deferred):
                if hasAnyField(of: deferred.selections, in: record, variables: variables) { return true }
            }
        }
        return false
    }
}
