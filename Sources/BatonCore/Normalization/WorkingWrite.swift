/// The records of a write being changed after the normalizer wrote it (connections merged, edge
/// directives applied), by ID.
struct WorkingWrite {
    private var slots: [StoreRecord?]
    private var positions: [RecordID: Int] = [:]

    init(_ records: [StoreRecord]) {
        slots = records
        for (index, record) in records.enumerated() { positions[record.id] = index }
    }

    var records: [StoreRecord] { slots.compactMap { $0 } }

    /// The record `id` as the store will hold it after this write.
    func view(_ id: RecordID, base: some RecordSource) -> StoreRecord? {
        let written = positions[id].flatMap { slots[$0] }
        guard let held = base.record(id) else { return written }
        return written.map { held.merging($0) } ?? held
    }

    /// Writes `record` whole, in place of what the write held for its ID.
    mutating func put(_ record: StoreRecord) {
        if let position = positions[record.id] {
            slots[position] = record
        } else {
            positions[record.id] = slots.count
            slots.append(record)
        }
    }

    /// Drops `id` and every record whose ID starts with `prefix`.
    mutating func drop(_ id: RecordID, andUnder prefix: String) {
        for index in slots.indices {
            guard let record = slots[index] else { continue }
            if record.id == id || record.id.rawValue.hasPrefix(prefix) {
                positions[record.id] = nil
                slots[index] = nil
            }
        }
    }

    /// Gives every record under `prefix` (an edge's path, and the objects below it) the ID its
    /// edge took in `renamed`, its links within rewritten alike, or drops it.
    mutating func rename(under prefix: String, _ renamed: [Substring: RecordID?]) {
        func newID(_ id: RecordID) -> RecordID?? {
            let raw = id.rawValue
            guard raw.hasPrefix(prefix) else { return .some(id) }
            let rest = raw.dropFirst(prefix.count)
            let index = rest.prefix { $0 != "." }
            guard case .some(.some(let edge)) = renamed[index] else { return .some(nil) }
            if edge.rawValue == prefix + index { return .some(id) }
            return .some(RecordID(edge.rawValue + rest.dropFirst(index.count)))
        }
        func relinked(_ value: FieldValue) -> FieldValue {
            switch value {
            case .link(let id):
                if case .some(.some(let renamedID)) = newID(id) { return .link(renamedID) }
                return .scalar(.null)
            case .list(let elements): return .list(elements.map(relinked))
            case .scalar, .errors: return value
            }
        }
        for index in slots.indices {
            guard var record = slots[index], record.id.rawValue.hasPrefix(prefix) else { continue }
            positions[record.id] = nil
            guard case .some(.some(let id)) = newID(record.id) else {
                slots[index] = nil
                continue
            }
            record.id = id
            record.fields = record.fields.mapValues(relinked)
            slots[index] = nil
            put(record)
        }
    }
}
