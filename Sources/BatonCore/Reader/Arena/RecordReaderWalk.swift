/// The traversal of the reader: through records by the read's selections, noting every field
/// missing and every error found. It builds nothing response-shaped: it keeps, per record looked
/// up (held or not), the values it found (``ReadNode``, in the read's ``ReadArena``), which the
/// accessors read and which tell the records the read saw.
struct RecordReaderWalk {
    /// The source's records. A function rather than a generic source, so the walk is compiled
    /// once, for every source, with nothing left to look up at run time but the call.
    let source: (RecordID) -> StoreRecord?
    let variables: JSONObject
    /// Where the nodes go.
    let arena: ReadArena
    private(set) var missing: [MissingField] = []
    private(set) var missingAt: [[GraphQLError.PathElement]: MissingField] = [:]
    private(set) var errors: [GraphQLError] = []
    /// The response paths whose stored errors are in ``errors``: a field selected more than once
    /// (in fragments, or in two selections of one object) is walked once per selection, and its
    /// errors are still the response's, each once.
    private var erroredAt: Set<[GraphQLError.PathElement]> = []
    /// The response path of the value being visited, pushed and popped on the way.
    private var path: [GraphQLError.PathElement] = []
    /// The records changed since the previous read whose nodes this walk may keep (rule 8 of
    /// ReadArena.swift); empty when there is none.
    let changed: ChangedRecords
    /// How many things the walk found not as they should be (a field missing or pending, errors,
    /// a record the source lacks): a node below which none was found is complete.
    private var shortfalls = 0

    init(
        source: @escaping (RecordID) -> StoreRecord?, variables: JSONObject, arena: ReadArena, changed: ChangedRecords = .none
    ) {
        self.source = source
        self.variables = variables
        self.arena = arena
        self.changed = changed
    }

    /// Reads record `id` by `selections`, at the current path, reached through field `key` of
    /// `parent` (at `indices` in its lists; no parent at the root). A record the source lacks
    /// reads as one holding no fields: each one selected is missing.
    ///
    /// `previous` is what the previous read found here (its place the same, or shifted in a
    /// list when `atSamePlace` is `false`): kept whole when it is the same record by the same
    /// selections and nothing below it changed, and otherwise where the walk looks for what to
    /// keep below.
    mutating func object(
        _ id: RecordID, selections: ReadSelections, owner: String, parent: ReadNode? = nil, key: String = "",
        indices: ListIndices = .none, previous: ReadNode? = nil, atSamePlace: Bool = true
    ) -> ReadNode {
        let previous = previous.flatMap { $0.isRecord(id) && $0.isRead(by: selections) ? $0 : nil }
        // The root is always read again: the data's own node is its read's.
        if let previous, parent != nil, previous.isKeepable(after: changed) {
            arena.keep(previous)
            return previous
        }
        let before = shortfalls
        guard let record = source(id) else {
            shortfalls += 1
            let node = ReadNode(
                record: id, typename: nil, selections: selections, fields: [:], parent: parent, key: key, indices: indices,
                in: arena)
            fill(node, selections: selections, record: nil, fields: [:], matched: false, owner: owner, previous: nil)
            return node
        }
        let node = ReadNode(
            record: id, typename: record.typename, selections: selections, fields: record.fields, parent: parent, key: key,
            indices: indices, replacing: atSamePlace ? previous : nil, in: arena)
        // A record holding not many more fields than are selected is matched in one pass over
        // its fields, by the hashes the keys keep, instead of a lookup of every key selected.
        let matched = record.fields.count <= 2 * selections.entries.count + 8
        if matched { Self.match(record.fields, selections.matchTable, into: node) }
        fill(node, selections: selections, record: record, fields: record.fields, matched: matched, owner: owner, previous: previous)
        if shortfalls == before { node.markComplete() }
        return node
    }

    /// Fills the slots of `node`, read by `selections` over `record` (`nil` when the source
    /// lacks it) holding `fields`, whose matched positions are set already when `matched`;
    /// `previous` is the previous read's node of the same record by the same selections.
    // The selections come as an argument, borrowed, not from the node, which would retain them.
    private mutating func fill(
        _ node: ReadNode, selections: ReadSelections, record: StoreRecord?, fields: [FieldKey: FieldValue],
        matched: Bool, owner: String, previous: ReadNode?
    ) {
        let typename = record?.typename
        let entries = selections.entries
        let isPlainLeaf = selections.isPlainLeaf
        // Whether each deferred fragment has arrived on this record, found when first asked.
        var arrived: [Bool?] = []
        for index in entries.indices {
            // The common case, a scalar matched to a plain leaf, is copied into its slot, with no entry looked at.
            if matched && isPlainLeaf[index], let position = node.position(at: index),
                case .scalar(let json) = fields.values[position]
            {
                node.set(.scalar(json), at: index)
                continue
            }
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
            if pending { shortfalls += 1 }
            if entry.isTypename {
                if typename != nil {
                    node.set(.typename, at: index)
                } else if !pending && !entry.isHidden {
                    noteMissing(owner: entry.owner ?? owner, record: node.record, field: FieldKey("__typename"), key: entry.responseKey)
                }
                continue
            }
            guard let position = matched ? node.position(at: index) : fields.index(forKey: entry.key) else {
                // A client field the app never wrote reads as its declared default, or null:
                // nothing fetches it. A field added for the runtime is not the data's to miss.
                if !pending, let value = entry.clientDefault {
                    node.set(.value(.stored(FieldValue(clientDefault: value))), at: index)
                } else if !pending && !entry.isClientField && !entry.isHidden {
                    noteMissing(owner: entry.owner ?? owner, record: node.record, field: entry.key, key: entry.responseKey)
                }
                continue
            }
            if case .scalar(let json) = fields.values[position] {  // no path
                node.set(.scalar(json), at: index)
                continue
            }
            path.append(.key(entry.responseKey))
            let read = value(
                fields.values[position], field: entry.key, selections: entry.child, owner: entry.owner ?? owner,
                parent: node, key: entry.responseKey, indices: .none, previous: previous?.followed(at: index))
            node.set(.value(read), at: index)
            path.removeLast()
        }
    }

    /// Sets the slot of every entry whose storage key `fields` holds to that field's position.
    private static func match(_ fields: [FieldKey: FieldValue], _ table: FieldMatchTable, into node: ReadNode) {
        var position = fields.startIndex
        while position != fields.endIndex {
            table.forEachEntry(matching: fields.keys[position]) { node.set(.field(position), at: $0) }
            fields.formIndex(after: &position)
        }
    }

    /// Reads a stored value of `field` at the current path, found under response key `key` of
    /// `parent` (at `indices` in its lists), where the previous read found `previous`.
    private mutating func value(
        _ stored: FieldValue, field: FieldKey, selections: ReadSelections?, owner: String, parent: ReadNode, key: String,
        indices: ListIndices, previous: ReadValue?, atSamePlace: Bool = true
    ) -> ReadValue {
        switch stored {
        case .scalar:
            return .stored(stored)
        case .errors(let held):
            shortfalls += 1
            if erroredAt.insert(path).inserted {
                for error in held { errors.append(Self.error(error, readAt: path, field: field)) }
            }
            return .stored(stored)
        case .link(let id):
            let selections = selections ?? ReadSelections.none
            var before: ReadNode?
            if case .object(let node)? = previous { before = node }
            return .object(
                object(
                    id, selections: selections, owner: owner, parent: parent, key: key, indices: indices, previous: before,
                    atSamePlace: atSamePlace))
        case .list(let elements):
            guard !ReadValue.linksNothing(stored) else { return .stored(stored) }
            var before: [ReadValue] = []
            if case .list(let elements)? = previous { before = elements }
            // Edges added before the previous ones (a page prepended) shift them all alike.
            let shift = elements.count - before.count
            let elementSelections = selections ?? ReadSelections.none
            // The elements the previous read's note of the list shows unchanged, kept all at
            // once (rule 9): the edges held when a page is appended, thousands.
            let noted = before.count >= KeptList.shortest ? arena.previous?.note(of: before) : nil
            let keptWhole = noted?.unchangedPrefix(of: elements, readBy: elementSelections, after: changed) ?? 0
            var read = [ReadValue](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
                // Each an object, copied as one, which a copy of the values of any kind would not know.
                for index in 0..<keptWhole {
                    if case .object(let node) = before[index] {
                        buffer.initializeElement(at: index, to: .object(node))
                    } else {
                        buffer.initializeElement(at: index, to: before[index])
                    }
                }
                initialized = keptWhole
            }
            // The elements not kept from the previous read (a null among them).
            var readAnew: [Int] = []
            // By index, each element matched where the list holds it: a copy of each would
            // retain and release its ID, and the edges held are thousands.
            for index in keptWhole..<elements.count {
                // An element kept whole at its own index (rule 8), checked in place.
                if index < before.count, case .object(let node) = before[index], elements[index].links(to: node),
                    node.isRead(by: elementSelections), node.isKeepable(after: changed)
                {
                    arena.keep(node)
                    read.append(.object(node))
                    continue
                }
                if case .scalar = elements[index] {
                    readAnew.append(index)
                    read.append(.stored(elements[index]))
                    continue
                }
                var (candidate, samePlace) = (index < before.count ? before[index] : nil, atSamePlace)
                if case .link(let id) = elements[index], !(candidate?.isObject(of: id) ?? false) {
                    let shifted = index - shift
                    (candidate, samePlace) = shift != 0 && before.indices.contains(shifted) ? (before[shifted], false) : (nil, false)
                }
                // An element kept whole (rule 8), as ``object(_:selections:owner:parent:key:indices:previous:atSamePlace:)``
                // keeps it, with nothing to walk: the edges held when a page is read.
                if case .object(let node)? = candidate, case .link(let id) = elements[index], node.isRecord(id),
                    node.isRead(by: elementSelections), node.isKeepable(after: changed)
                {
                    arena.keep(node)
                    read.append(.object(node))
                    continue
                }
                path.append(.index(index))
                readAnew.append(index)
                read.append(
                    value(
                        elements[index], field: field, selections: selections, owner: owner, parent: parent, key: key,
                        indices: indices.appending(index), previous: candidate, atSamePlace: samePlace))
                path.removeLast()
            }
            arena.keep(first: keptWhole, of: read)
            // A list read mostly anew (a refetch that changed it all) is not noted: its next
            // read is likely to change it again, and the note would cost a walk of every element.
            if read.count >= KeptList.shortest, arena.previous != nil, 2 * readAnew.count <= read.count {
                note(read, of: elements, readBy: elementSelections, readAnew: readAnew, extending: noted)
            }
            return .list(read)
        }
    }

    /// Notes `list`, read from `elements` by `selections`, for the next read to keep whole (rule 9),
    /// when every element is a complete object: `noted` is the note of the previous read's list,
    /// every element of which is, and those of `readAnew` the only ones not from it.
    private func note(
        _ list: [ReadValue], of elements: [FieldValue], readBy selections: ReadSelections, readAnew: [Int], extending noted: KeptList?
    ) {
        // Without a note, every element is checked and its records found: once, on the first
        // read again, which later reads then spare.
        let checked = noted == nil ? Array(list.indices) : readAnew
        for index in checked {
            guard case .link = elements[index], case .object(let node) = list[index], node.isComplete, node.isRead(by: selections)
            else { return }
        }
        var records: RecordFilter
        if let noted, !noted.records.isCrowded {
            records = noted.records
            for index in readAnew { Self.insertRecords(below: list[index], into: &records) }
        } else {
            // Found anew: on the first read again, and when the filter holds more than it was
            // planned for, then planned for twice as many.
            records = RecordFilter(planned: max(2 * list.count, 2 * (noted?.records.added ?? 0)))
            for element in list { Self.insertRecords(below: element, into: &records) }
            if records.isCrowded {
                let added = records.added
                records = RecordFilter(planned: 2 * added)
                for element in list { Self.insertRecords(below: element, into: &records) }
            }
        }
        arena.note(list, as: KeptList(links: elements, selections: selections, records: records))
    }

    /// Adds to `records` the record of every node `value` holds and of every node below them.
    private static func insertRecords(below value: ReadValue, into records: inout RecordFilter) {
        value.forEachNode { $0.forEachRecord { records.insert($0) } }
    }

    /// Notes the field `field` of `record`, read under response key `key` at the current path, as missing.
    private mutating func noteMissing(owner: String, record: RecordID, field: FieldKey, key: String) {
        shortfalls += 1
        let found = MissingField(owner: owner, record: record, field: field)
        let at = path + [.key(key)]
        if missingAt[at] == nil {
            missingAt[at] = found
            missing.append(found)
        }
    }

    /// `error`, kept beside `field` read at `path`, with its path as this read sees it
    /// (``KeptErrorPath``).
    static func error(_ error: GraphQLError, readAt path: [GraphQLError.PathElement], field: FieldKey) -> GraphQLError {
        guard let stored = error.path else { return error }
        var moved = error
        let name = field.rawValue.prefix { $0 != "(" }
        moved.path = KeptErrorPath.path(stored, readAt: path, fieldName: name)
        return moved
    }
}

extension FieldValue {
    /// A client field's declared default as the store would hold it: a list element by element.
    fileprivate init(clientDefault value: JSONValue) {
        if case .list(let elements) = value {
            self = .list(elements.map(FieldValue.init(clientDefault:)))
        } else {
            self = .scalar(value)
        }
    }
}

extension FieldValue {
    /// Whether the value is a link to the record `node` is of, compared in place.
    fileprivate func links(to node: ReadNode) -> Bool {
        guard case .link(let id) = self else { return false }
        return node.isRecord(id)
    }
}
