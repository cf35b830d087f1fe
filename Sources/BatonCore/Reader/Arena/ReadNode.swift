import Synchronization

/// One object as a read from records found it: the record, the selections read on it, and
/// the value found for each selected field. The walk looks every field up once; generated
/// accessors then read the values it found, by response key, with no second lookup of the
/// field or of the records it links to.
///
/// A node is its header followed by its slots, in memory its read's ``ReadArena`` holds; the
/// node itself is a pointer there, valid as long as the arena. A node is filled by the walk
/// that makes it and never changed after (but for its cursor, a hint), hence `Sendable`. The
/// rules this relies on head ReadArena.swift.
struct ReadNode: @unchecked Sendable {
    /// What a node knows besides its slots; it stays where it was made, in the arena.
    struct Header: ~Copyable {
        // Laid out in this order: what the walk and paths alone read first, and last, beside the
        // slots, what every field read and every kept node's check reads, so a read of a node
        // touches as few cache lines as it can.
        /// The node whose field led here, as the walk went; `nil` at the root of a read, and
        /// for a node made after the walk (``merged(with:)``).
        let parent: ReadNode?
        /// The parent's response key that led here, and the list indices below it.
        let key: String
        let indices: ListIndices
        /// The arena the node is in, which outlives it (rule 3).
        unowned(unsafe) let arena: ReadArena
        /// The node of the previous read this one was read again in place of: the same record,
        /// by the same selections, at the same place (rule 8). Nodes the previous read made
        /// below it and this read kept still name it as their parent.
        let replaces: UnsafeMutableRawPointer?
        let fields: [FieldKey: FieldValue]
        let record: RecordID
        /// Whether the walk found everything below the node as it is: the record held, no field
        /// missing or pending, no errors. Written once, by the walk, when the node is filled.
        var isComplete = false
        let typename: String?
        /// The selections, held by the arena (the read's selections hold those of every object
        /// below) or ``ReadSelections/none`` (rule 4): unmanaged, so a search through them
        /// retains nothing.
        let selections: Unmanaged<ReadSelections>
        let count: Int
        /// Where the next field read is searched first: after the last one found. Relaxed,
        /// since it is a hint: any value finds the right field.
        let cursor: Atomic<Int>
    }

    /// Where the value of one entry is.
    enum Slot {
        /// Nowhere: the field is missing or pending, or the entry's type conditions do not hold.
        case absent
        /// In the record's fields, at this position (rule 7): where the walk found the field, until
        /// it fills the slot with what the field holds.
        case field(Dictionary<FieldKey, FieldValue>.Index)
        /// A scalar (or null) the record holds, copied: a later read takes it from the node, which
        /// it reads anyway, not from the record's fields, which after other work are far from the
        /// cache (a list of thousands read node by node).
        case scalar(JSONValue)
        /// The record's typename.
        case typename
        /// A value the walk followed links or errors in, read.
        case value(ReadValue)
    }

    // The node's only stored property, in a debug build too: `DataObject` and `DataValue` hold
    // nodes, so another one would change their layout, which an incremental build of the modules
    // reading them does not notice (they crash reading it). Rule 3 is checked where a node is kept.
    /// Where the node is: its header, then its slots.
    let start: UnsafeMutableRawPointer

    var header: UnsafeMutablePointer<Header> { start.assumingMemoryBound(to: Header.self) }
    private var slots: UnsafeMutablePointer<Slot> { (start + Self.slotsOffset).assumingMemoryBound(to: Slot.self) }

    /// How far from a node's start its slots begin.
    static var slotsOffset: Int { rounded(MemoryLayout<Header>.stride) }

    /// The memory a node of `count` slots takes, up to where the next one may start.
    static func size(slots count: Int) -> Int { rounded(slotsOffset + count * MemoryLayout<Slot>.stride) }

    /// What every node's start, and so every header and slot, is aligned to.
    static var alignment: Int { max(MemoryLayout<Header>.alignment, MemoryLayout<Slot>.alignment) }

    private static func rounded(_ size: Int) -> Int {
        (size + alignment - 1) & ~(alignment - 1)
    }

    /// A node in `arena` over the record `record` (holding `fields`) read by `selections`,
    /// every slot absent, for the walk to fill.
    /// - Parameters:
    ///   - typename: the record's type; `nil` when the source does not hold the record (every
    ///     field then reads as missing).
    ///   - selections: held by `arena`.
    ///   - parent: the node whose field `key` (at `indices` in its lists) led here; `nil` at the root.
    init(
        record: RecordID, typename: String?, selections: ReadSelections, fields: [FieldKey: FieldValue],
        parent: ReadNode? = nil, key: String = "", indices: ListIndices = .none, replacing replaced: ReadNode? = nil,
        in arena: ReadArena
    ) {
        let count = selections.entries.count
        start = arena.place(slots: count)
        assert(Int(bitPattern: start) & (Self.alignment - 1) == 0, "arena rule 2: a node placed off its alignment")
        #if DEBUG
            precondition(arena.holds(selections), "arena rule 4: a node over selections its arena does not hold")
        #endif
        start.bindMemory(to: Header.self, capacity: 1).initialize(
            to: Header(
                parent: parent, key: key, indices: indices, arena: arena, replaces: replaced?.start, fields: fields,
                record: record, typename: typename, selections: .passUnretained(selections), count: count, cursor: Atomic(0)))
        (start + Self.slotsOffset).bindMemory(to: Slot.self, capacity: count).initialize(repeating: .absent, count: count)
    }

    /// The read's arena, which holds the node.
    var arena: ReadArena { header.pointee.arena }
    /// The record read.
    var record: RecordID { header.pointee.record }
    /// The record's type; `nil` when the source does not hold the record.
    var typename: String? { header.pointee.typename }
    /// The selections read on this object (more than one field's, when several select it).
    var selections: ReadSelections { header.pointee.selections.takeUnretainedValue() }

    /// Loads what a read of the node's fields reads first (the end of the header, the first
    /// slot) and returns a value of it, for a caller about to hand many nodes to reads of their
    /// fields: the loads of many nodes then overlap.
    @inline(__always) func touchFields() -> Int {
        let count = header.pointee.count
        guard count > 0 else { return 0 }
        return count &+ Int((start + Self.slotsOffset).load(as: UInt8.self))
    }

    /// Whether the node is of record `id`, compared in place.
    func isRecord(_ id: RecordID) -> Bool { header.pointee.record == id }

    /// Whether the node was read by `selections`, compared by identity, with nothing retained.
    func isRead(by selections: ReadSelections) -> Bool {
        header.pointee.selections.toOpaque() == Unmanaged.passUnretained(selections).toOpaque()
    }

    /// Whether the node was read by the same selections as `other`, with nothing retained.
    func isRead(like other: ReadNode) -> Bool {
        header.pointee.selections.toOpaque() == other.header.pointee.selections.toOpaque()
    }

    /// Whether the walk reached this node through a field of `node`, at `indices` in its lists:
    /// the walk that made it, or a later one that kept it below a node read again in place of
    /// its parent (rule 8), at the same indices.
    func isChild(of node: ReadNode, at indices: ListIndices) -> Bool {
        guard let parent = header.pointee.parent?.start else { return false }
        if parent == node.start { return true }
        return header.pointee.indices == indices && node.stands(for: parent)
    }

    /// ``isChild(of:at:)`` for many nodes in turn, most of one parent (the edges of a list kept
    /// from one read): `confirmed` is the last parent `node` was found to stand for, which the
    /// next node of the same parent then takes without a walk through what `node` replaced.
    func isChild(of node: ReadNode, at indices: ListIndices, confirmed: inout ReadNode?) -> Bool {
        guard let parent = header.pointee.parent else { return false }
        if parent.start == node.start { return true }
        guard header.pointee.indices == indices else { return false }
        if let confirmed, confirmed.start == parent.start { return true }
        guard node.stands(for: parent.start) else { return false }
        confirmed = parent
        return true
    }

    /// Whether this node is the one at `start`, or was read again in place of it (rule 8).
    func stands(for start: UnsafeMutableRawPointer) -> Bool {
        var current: UnsafeMutableRawPointer? = self.start
        while let node = current {
            if node == start { return true }
            current = node.assumingMemoryBound(to: Header.self).pointee.replaces
        }
        return false
    }

    /// Whether the walk found everything below the node as it is (``Header/isComplete``).
    var isComplete: Bool { header.pointee.isComplete }

    /// Marks the node complete: by the walk that fills it, once.
    func markComplete() {
        #if DEBUG
            arena.assertWritable("a node's completeness")
        #endif
        header.pointee.isComplete = true
    }

    /// The value the walk followed for entry `index` (an object, a list holding objects): what a
    /// later read of the same place may keep.
    func followed(at index: Int) -> ReadValue? {
        guard case .value(let value) = slots[index] else { return nil }
        return value
    }

    /// Whether `body` holds for every node the walk followed below this one (in lists too),
    /// each read from its slot in place: `false` at the first for which it does not.
    func allFollowed(_ body: (ReadNode) -> Bool) -> Bool {
        for index in 0..<header.pointee.count {
            switch slots[index] {
            case .value(.object(let node)):
                guard body(node) else { return false }
            case .value(.list(let elements)):
                for element in elements {
                    var holds = true
                    element.forEachNode { node in
                        if holds && !body(node) { holds = false }
                    }
                    guard holds else { return false }
                }
            case .absent, .field, .scalar, .typename, .value(.stored):
                continue
            }
        }
        return true
    }

    /// The response path from `ancestor`, a node the walk went through on its way here, down to this node.
    func path(below ancestor: ReadNode) -> [GraphQLError.PathElement] {
        var steps: [(key: String, indices: ListIndices)] = []
        var current = self
        while !ancestor.stands(for: current.start), let parent = current.header.pointee.parent {
            steps.append((current.header.pointee.key, current.header.pointee.indices))
            current = parent
        }
        var path: [GraphQLError.PathElement] = []
        for step in steps.reversed() {
            path.append(.key(step.key))
            step.indices.append(to: &path)
        }
        return path
    }

    /// Sets the slot of entry `index`: only while the walk fills the node, and only over a
    /// slot holding no value (absent, a field's position, the typename), which needs no
    /// release: so the slot is written, not assigned.
    func set(_ slot: Slot, at index: Int) {
        #if DEBUG
            precondition(0 <= index && index < header.pointee.count, "arena rule 2: slot \(index) outside its node")
            arena.assertWritable("a node's slot")
            switch slots[index] {
            case .value, .scalar: preconditionFailure("arena rule 6: a slot holding a value written over")
            case .absent, .field, .typename: break
            }
            if case .field(let position) = slot {
                // An index of another dictionary traps in `keys[position]` already.
                let fields = header.pointee.fields
                precondition(fields.index(forKey: fields.keys[position]) == position, "arena rule 7: a position of other fields")
            }
        #endif
        (slots + index).initialize(to: slot)
    }

    /// The position in the record's fields that entry `index` holds, if it holds one.
    func position(at index: Int) -> Dictionary<FieldKey, FieldValue>.Index? {
        guard case .field(let position) = slots[index] else { return nil }
        return position
    }

    /// The value of entry `index`; `nil` when it has none.
    func value(at index: Int) -> ReadValue? {
        assert(0 <= index && index < header.pointee.count, "arena rule 2: slot \(index) outside its node")
        switch slots[index] {
        case .absent: return nil
        case .field(let position): return .stored(header.pointee.fields.values[position])
        case .scalar(let json): return .stored(.scalar(json))
        case .typename: return header.pointee.typename.map { .stored(.scalar(.string($0))) }
        case .value(let value): return value
        }
    }

    /// What the record holds under response key `key`: `nil` when missing or not selected. A
    /// leaf ends the search at its first match (every match names the same field); an object
    /// selected again under the same key reads as one object with every match's selections.
    func member(_ key: String) -> ReadValue? {
        guard let typename else { return nil }
        let keys = selections.keys
        var found: ReadValue?
        var matched = false
        for index in keys.indices where keys[index] == key {
            let entry = selections.entries[index]
            guard ReadSelections.holds(entry.typeConditions, for: typename) else { continue }
            if !matched {
                matched = true
                found = value(at: index)
                if entry.child == nil { return found }
            } else if entry.child != nil, let held = found, let more = value(at: index) {
                found = held.merged(with: more)
            }
        }
        return found
    }

    /// What the record holds under response key `key`, as ``member(_:)`` finds it, searched
    /// from after the field found last (and around): accessors read fields in the order they
    /// are selected, so the next one is nearly always found at once.
    func nextMember(_ key: String) -> ReadValue? {
        // Searched through the header in place: no copy of what the node holds.
        let found = header.pointee.typename == nil ? .none : Self.entry(key, after: header)
        switch found {
        case .direct(let index): return value(at: index)
        case .shared: return member(key)
        case .none: return nil
        }
    }

    /// The scalar (or null) under response key `key`, searched as ``nextMember(_:)`` searches,
    /// read in place: `nil` when the key is not there alone, or holds anything but a scalar,
    /// which the full reader then reads.
    func nextScalar(_ key: String) -> JSONValue? {
        let header = header
        guard header.pointee.typename != nil, case .direct(let index) = Self.entry(key, after: header) else {
            return nil
        }
        switch slots[index] {
        case .scalar(let json):
            return json
        case .field(let position):
            guard case .scalar(let json) = header.pointee.fields.values[position] else { return nil }
            return json
        case .typename:
            return header.pointee.typename.map(JSONValue.string)
        case .value(.stored(.scalar(let json))):
            return json
        case .absent, .value:
            return nil
        }
    }

    /// The value the walk followed under response key `key` (an object, a list holding
    /// objects), searched as ``nextMember(_:)`` searches: `nil` when the key is not there
    /// alone or holds anything else, which the full reader then reads.
    func nextFollowed(_ key: String) -> ReadValue? {
        let header = header
        guard header.pointee.typename != nil, case .direct(let index) = Self.entry(key, after: header),
            case .value(let value) = slots[index]
        else { return nil }
        return value
    }

    /// The entry of response key `key` when it alone has the key, with no type condition, as
    /// ``nextFollowed(_:)`` finds it, with the cursor left where it is: for a walk reading the
    /// same key of many nodes read by the same selections, which looks it up once.
    func directEntry(_ key: String) -> Int? {
        let header = header
        let count = header.pointee.count
        let found = header.pointee.selections._withUnsafeGuaranteedRef { Self.entry(key, in: $0, count: count, from: 0) }
        guard case .direct(let index) = found else { return nil }
        return index
    }

    /// What the walk followed at entry `index` (``directEntry(_:)``'s), as ``nextFollowed(_:)``
    /// reads it: `nil` when the record is not held or the entry holds anything else.
    func followedDirect(at index: Int) -> ReadValue? {
        guard header.pointee.typename != nil else { return nil }
        return followed(at: index)
    }

    /// Where a search for a response key ended.
    private enum EntrySearch {
        /// At this entry, which alone has the key, with no type condition.
        case direct(Int)
        /// At an entry sharing the key with others or under a type condition: the full search decides.
        case shared
        /// Nowhere: no entry has the key.
        case none
    }

    /// The entry of response key `key`, searched from the node's cursor on (and around); a
    /// direct entry found moves the cursor past it.
    @inline(__always)
    private static func entry(_ key: String, after header: UnsafeMutablePointer<Header>) -> EntrySearch {
        // The cursor is read before the search and written after it: an atomic access through
        // the header while the search borrows the selections from it would have them retained.
        let start = header.pointee.cursor.load(ordering: .relaxed)
        let count = header.pointee.count
        let found = header.pointee.selections._withUnsafeGuaranteedRef { entry(key, in: $0, count: count, from: start) }
        if case .direct(let index) = found { header.pointee.cursor.store(index + 1, ordering: .relaxed) }
        return found
    }

    @inline(__always)
    private static func entry(_ key: String, in selections: ReadSelections, count: Int, from start: Int) -> EntrySearch {
        var index = start < count ? start : 0
        for _ in 0..<count {
            if selections.keys[index] == key { return selections.isDirect[index] ? .direct(index) : .shared }
            index += 1
            if index == count { index = 0 }
        }
        return .none
    }
}
