/// The traversal of the reader: through records by the read's selections, noting every record
/// looked up, every field missing and every error found. It builds nothing response-shaped:
/// it keeps, per object, the values it found (``ReadNode``), which the accessors read.
struct RecordReaderWalk {
    /// The source's records. A function rather than a generic source, so the walk is compiled
    /// once, for every source, with nothing left to look up at run time but the call.
    let source: (RecordID) -> StoreRecord?
    let variables: JSONObject
    /// Every record looked up, in order, with repeats: a set is built once at the end, at its
    /// final size, instead of growing on the way.
    private var lookedUp: [RecordID] = []
    /// Every record looked up, held or not.
    var seen: Set<RecordID> { Set(lookedUp) }
    private(set) var missing: [MissingField] = []
    private(set) var missingAt: [[GraphQLError.PathElement]: MissingField] = [:]
    private(set) var errors: [GraphQLError] = []
    /// The response path of the value being visited, pushed and popped on the way.
    private var path: [GraphQLError.PathElement] = []

    init(source: @escaping (RecordID) -> StoreRecord?, variables: JSONObject) {
        self.source = source
        self.variables = variables
    }

    /// Reads record `id` by `selections`, at the current path. A record the source lacks reads
    /// as one holding no fields: each one selected is missing.
    mutating func object(_ id: RecordID, selections: ReadSelections, owner: String) -> ReadNode {
        lookedUp.append(id)
        let record = source(id)
        // Taken out of the record once: reading through the optional record copies it per field.
        let typename = record?.typename
        let fields = record?.fields ?? [:]
        let entries = selections.entries
        let node = ReadNode(record: id, typename: typename, selections: selections, fields: fields)
        // A record holding not many more fields than are selected is matched in one pass over
        // its fields, comparing keys by their hashes, instead of hashing every key selected.
        let matched = fields.count <= 2 * entries.count + 8
        if matched { Self.match(fields, selections.storageKeys, into: node) }
        // Whether each deferred fragment has arrived on this record, found when first asked.
        var arrived: [Bool?] = []
        for index in entries.indices {
            let entry = entries[index]
            if !entry.typeConditions.isEmpty {
                guard let typename, ReadSelections.holds(entry.typeConditions, for: typename) else {
                    if matched { node.set(.absent, at: index) }
                    continue
                }
            }
            // A field of a deferred fragment none of whose fields has arrived is pending, not missing.
            var pending = false
            for deferral in entry.deferrals {
                if arrived.isEmpty { arrived = Array(repeating: nil, count: selections.deferrals.count) }
                let hasArrived = arrived[deferral] ?? (record.map { selections.hasArrived(deferral, in: $0) } ?? false)
                arrived[deferral] = hasArrived
                if !hasArrived { pending = true }
            }
            if entry.isTypename {
                if typename != nil {
                    node.set(.typename, at: index)
                } else if !pending {
                    noteMissing(owner: entry.owner ?? owner, record: id, field: FieldKey("__typename"), key: entry.responseKey)
                }
                continue
            }
            guard let position = matched ? node.position(at: index) : fields.index(forKey: entry.key) else {
                if !pending { noteMissing(owner: entry.owner ?? owner, record: id, field: entry.key, key: entry.responseKey) }
                continue
            }
            if case .scalar = fields.values[position] {  // the common case: read in place, no path
                node.set(.field(position), at: index)
                continue
            }
            path.append(.key(entry.responseKey))
            node.set(.value(value(fields.values[position], selections: entry.child, owner: entry.owner ?? owner)), at: index)
            path.removeLast()
        }
        return node
    }

    /// Sets the slot of every entry whose storage key `fields` holds to that field's position.
    private static func match(_ fields: [FieldKey: FieldValue], _ keys: [FieldKey], into node: ReadNode) {
        var position = fields.startIndex
        while position != fields.endIndex {
            let key = fields.keys[position]
            for index in keys.indices where keys[index] == key { node.set(.field(position), at: index) }
            fields.formIndex(after: &position)
        }
    }

    /// Reads a stored value at the current path.
    private mutating func value(_ stored: FieldValue, selections: ReadSelections?, owner: String) -> ReadValue {
        switch stored {
        case .scalar:
            return .stored(stored)
        case .errors(let held):
            for error in held { errors.append(Self.error(error, readAt: path)) }
            return .stored(stored)
        case .link(let id):
            return .object(object(id, selections: selections ?? ReadSelections([], variables: variables), owner: owner))
        case .list(let elements):
            guard !ReadValue.linksNothing(stored) else { return .stored(stored) }
            var read: [ReadValue] = []
            read.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if case .scalar = element {
                    read.append(.stored(element))
                    continue
                }
                path.append(.index(index))
                read.append(value(element, selections: selections, owner: owner))
                path.removeLast()
            }
            return .list(read)
        }
    }

    /// Notes the field `field` of `record`, read under response key `key` at the current path, as missing.
    private mutating func noteMissing(owner: String, record: RecordID, field: FieldKey, key: String) {
        let found = MissingField(owner: owner, record: record, field: field)
        lookedUp.append(record)
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
