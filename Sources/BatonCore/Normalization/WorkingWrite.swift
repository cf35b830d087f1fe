/// The records of a write being changed after the normalizer wrote it (connections merged, edge
/// directives applied), by ID.
struct WorkingWrite {
    private var slots: [StoreRecord?]
    private var positions: [RecordID: Int] = [:]

    init(_ records: [StoreRecord]) {
        // Mapped, not converted: an array's conversion to optionals casts element by element at run time.
        slots = records.map { $0 }
        positions.reserveCapacity(records.count)
        for (index, record) in records.enumerated() { positions[record.id] = index }
    }

    var records: [StoreRecord] { slots.compactMap { $0 } }

    /// The record `id` as the store will hold it after this write.
    func view(_ id: RecordID, base: some RecordSource) -> StoreRecord? {
        let written = positions[id].flatMap { slots[$0] }
        guard let held = base.record(id) else { return written }
        return written.map { held.merging($0) } ?? held
    }

    /// The record `id` as this write holds it, without what the store holds.
    func written(_ id: RecordID) -> StoreRecord? {
        positions[id].flatMap { slots[$0] }
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
            if record.id == id || record.id.rawValue.hasBytePrefix(prefix) {
                positions[record.id] = nil
                slots[index] = nil
            }
        }
    }

    /// Gives every record under `prefix` (an edge's path, and the objects below it) the ID its
    /// edge took in `renamed` (by the edge's index in the page), its links within rewritten
    /// alike, or drops it.
    mutating func rename(under prefix: String, _ renamed: [RecordID?]) {
        // Taken apart by their UTF-8 bytes: the IDs are the normalizer's, and a walk by
        // characters costs more than the rest of the renaming.
        let prefixLength = prefix.utf8.count
        func newID(_ id: RecordID) -> RecordID?? {
            let raw = id.rawValue
            guard raw.hasBytePrefix(prefix) else { return .some(id) }
            let rest = raw.utf8.dropFirst(prefixLength)
            let digits = rest.prefix { $0 != UInt8(ascii: ".") }
            guard let index = Self.index(digits), index < renamed.count, let edge = renamed[index] else { return .some(nil) }
            let below = rest.dropFirst(digits.count)
            if below.isEmpty { return .some(edge) }
            var text = edge.rawValue
            text.append(contentsOf: Substring(below))
            return .some(RecordID(text))
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
            guard var record = slots[index], record.id.rawValue.hasBytePrefix(prefix) else { continue }
            positions[record.id] = nil
            guard case .some(.some(let id)) = newID(record.id) else {
                slots[index] = nil
                continue
            }
            record.id = id
            // Most records under an edge link nowhere under it (an edge links its node, which has
            // an ID of its own): their fields stay as they are, with no table made anew.
            if record.fields.values.contains(where: { Self.linksUnder(prefix, $0) }) {
                record.fields = record.fields.mapValues(relinked)
            }
            // Kept where it was, unless the write holds its new ID already.
            if let position = positions[id] {
                slots[position] = record
                slots[index] = nil
            } else {
                positions[id] = index
                slots[index] = record
            }
        }
    }

    /// Whether `value` links to a record whose ID starts with `prefix`, in lists too.
    private static func linksUnder(_ prefix: String, _ value: FieldValue) -> Bool {
        switch value {
        case .link(let id): return id.rawValue.hasBytePrefix(prefix)
        case .list(let elements): return elements.contains { linksUnder(prefix, $0) }
        case .scalar, .errors: return false
        }
    }

    /// The list index a path ID's step spells (`3`), or `nil` when it spells none.
    static func index(_ digits: Substring.UTF8View) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
