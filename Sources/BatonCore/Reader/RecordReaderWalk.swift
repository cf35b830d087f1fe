/// The traversal of the reader: through records by the read's selections, noting every record
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

    /// The source, when it never changes: the records seen need no copy.
    let snapshot: (any SnapshotRecordSource)?

    init(source: Source, variables: JSONObject) {
        self.source = source
        self.variables = variables
        snapshot = source as? any SnapshotRecordSource
    }

    /// Visits record `id` by `selections`, at the current path. A record the source lacks reads
    /// as one holding no fields: each one selected is missing.
    mutating func object(_ id: RecordID, selections: ReadSelections, owner: String) {
        seen.insert(id)
        let record = source.record(id)
        if let record, snapshot == nil { records[id] = record }
        // Whether each deferred fragment has arrived on this record, found when first asked.
        var arrived: [Bool?] = []
        for entry in selections.entries {
            if !entry.typeConditions.isEmpty {
                guard let typename = record?.typename, StoredObject.holds(entry.typeConditions, for: typename) else {
                    continue
                }
            }
            // A field of a deferred fragment none of whose fields has arrived is pending, not missing.
            var pending = false
            for index in entry.deferrals {
                if arrived.isEmpty { arrived = Array(repeating: nil, count: selections.deferrals.count) }
                let hasArrived = arrived[index] ?? (record.map { selections.hasArrived(index, in: $0) } ?? false)
                arrived[index] = hasArrived
                if !hasArrived { pending = true }
            }
            if entry.isTypename {
                if record == nil, !pending {
                    noteMissing(owner: entry.owner ?? owner, record: id, field: FieldKey("__typename"), key: entry.responseKey)
                }
                continue
            }
            guard let stored = record?.fields[entry.key] else {
                if !pending { noteMissing(owner: entry.owner ?? owner, record: id, field: entry.key, key: entry.responseKey) }
                continue
            }
            if case .scalar = stored { continue }  // the common case needs no path
            path.append(.key(entry.responseKey))
            value(stored, selections: entry.child, owner: entry.owner ?? owner)
            path.removeLast()
        }
    }

    /// Visits a stored value at the current path.
    private mutating func value(_ stored: FieldValue, selections: ReadSelections?, owner: String) {
        switch stored {
        case .scalar:
            return
        case .errors(let held):
            for error in held { errors.append(Self.error(error, readAt: path)) }
        case .link(let id):
            object(id, selections: selections ?? ReadSelections([], variables: variables), owner: owner)
        case .list(let elements):
            for (index, element) in elements.enumerated() {
                if case .scalar = element { continue }
                path.append(.index(index))
                value(element, selections: selections, owner: owner)
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
}
