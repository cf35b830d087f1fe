/// The normalizer's traversal over response bytes: each object read member by member in the
/// order the bytes hold them, its fields written in the order ``NormalizerWalk`` writes them,
/// without building a parse tree. A field whose member comes later is found by reading ahead,
/// one that came earlier is read again from where it starts, so any member order gives the
/// same records.
///
/// It gives the same records as ``NormalizerWalk`` over the parsed response, or stops with
/// ``BytesWalk/Stop``: on any input it does not handle exactly alike (malformed JSON or data,
/// a repeated or escaped key, an identity member after a nested value), the caller then
/// normalizes the parsed response instead, which decides the outcome.
struct BytesWalk {
    /// Why the walk stopped: the parsed response's normalization decides.
    struct Stop: Error {}

    var reader: JSONParser
    /// What the store holds, to leave out fields it holds with the same value: the source's
    /// lookup, taken once, so a call neither copies nor reopens the source.
    private(set) var unchanged: ((RecordID) -> StoreRecord?)?
    /// The records written, in the order first reached, as ``NormalizerWalk/records``.
    private(set) var records: [StoreRecord] = []
    private(set) var positions: [RecordID: Int] = [:]
    /// Per open object, where each recognized key's value starts (-1 while unseen).
    var offsets: [Int] = []
    /// The list indices on the way from a field to the value being read, for path IDs.
    var indices: [Int] = []
    /// Per open object, the value written for each of its slots (``TypedShape/slotKeys``).
    private var slotValues: [FieldValue?] = []
    /// Per open object compared with the store, where the store's record holds each slot.
    private var heldIndices: [Dictionary<FieldKey, FieldValue>.Index?] = []
    /// How much of ``offsets``, ``slotValues`` and ``heldIndices`` the open objects use.
    private var offsetsTop = 0
    private var slotValuesTop = 0
    private var heldIndicesTop = 0

    init(reader: JSONParser, unchanged: (any RecordSource)?) {
        self.reader = reader
        self.unchanged = Self.lookup(unchanged)
    }

    private static func lookup(_ source: (any RecordSource)?) -> ((RecordID) -> StoreRecord?)? {
        guard let source else { return nil }
        return { source.record($0) }
    }

    /// Makes room for the records a response of this size may hold (one per 128 bytes, about
    /// what a list of small objects takes), so the table of positions is not rebuilt as it grows.
    private mutating func reserveForRecords() {
        let expected = min(reader.count / 128, 1 << 16)
        guard expected > 16 else { return }
        positions.reserveCapacity(expected)
        records.reserveCapacity(expected)
    }

    /// Claims `count` key offsets for an object read by its caller, all unseen.
    mutating func claimOffsets(_ count: Int) -> Int {
        Self.push(&offsets, top: &offsetsTop, count, -1)
    }

    /// Forgets the records written, to walk again comparing with `unchanged`.
    mutating func restart(unchanged: (any RecordSource)?) {
        self.unchanged = Self.lookup(unchanged)
        records = []
        positions = [:]
        reserveForRecords()
    }

    /// Where one object's members stand.
    struct Members {
        /// Where this object's key offsets start in ``offsets``.
        let base: Int
        /// How deep the object's members sit.
        let depth: Int
        /// Where the next member's separator (or the first key, or `}`) is.
        var frontier: Int
        /// The value of the member last read, not yet consumed; -1 when none.
        var pending = -1
        var isFirst = true
        var ended = false
        /// The index of the last key read that is one of the shape's; -1 before any.
        var lastKey = -1
    }

    /// The identity of an object: given (the root), or from its members, as the value of
    /// `field` of the record `parent` (which, with the list indices from `indicesBase`, names
    /// an object without a key).
    enum Identity {
        case fixed(RecordID, typename: String)
        case read(field: ShapeField, parent: RecordID, indicesBase: Int)
    }

    /// Writes the object whose `{` is at the reader's position by `shape`, leaving the
    /// position past its `}`. - Returns: its record ID.
    mutating func object(_ shape: SelectionShape, identity: Identity, depth: Int) throws(Stop) -> RecordID {
        guard depth < reader.maximumDepth else { throw Stop() }
        reader.position += 1
        var members = Members(base: Self.push(&offsets, top: &offsetsTop, shape.keys.count, -1), depth: depth + 1, frontier: reader.position)
        defer { offsetsTop -= shape.keys.count }

        let id: RecordID
        let typename: String
        let typed: TypedShape
        // Identity members are looked for among the scalars that lead the object; one after a
        // nested value is assumed absent, and checked once every member is read.
        var typenameKnown = true
        var keysAssumedAbsent: [Int] = []
        // An edge at its path is renamed by the merge: no record the store holds is compared.
        var isAtConnectionEdgePath = false
        switch identity {
        case .fixed(let root, let name):
            id = root
            typename = name
            typed = shape.typed(name)
        case .read(let field, let parent, let indicesBase):
            let namedType = field.namedType
            if shape.typeDependent {
                while offset(shape.typenameKeyIndex, members) < 0, try readsScalarAhead(&members, shape) {}
            }
            let typenameRead = offset(shape.typenameKeyIndex, members) >= 0
            var name = try self.typename(shape, members, namedType: namedType)
            typed = shape.typed(name)
            while typed.keyFields.contains(where: { offset($0, members) < 0 }), try readsScalarAhead(&members, shape) {}
            // Fields and key fields that do not depend on the type let it be read after them.
            if !typenameRead { name = try self.typename(shape, members, namedType: namedType) }
            typename = name
            typenameKnown = offset(shape.typenameKeyIndex, members) >= 0 || members.ended
            if !members.ended { keysAssumedAbsent = typed.keyFields.filter { offset($0, members) < 0 } }
            // A connection's record is its parent's, under its key, whatever keys its object has.
            if let keyed = try field.isConnection ? nil : recordID(typed, members, typename: typename) {
                id = keyed
            } else {
                id = RecordID(pathID(parent: parent, field: field.storageKey, indicesBase: indicesBase))
                isAtConnectionEdgePath = field.isConnectionEdges
            }
        }

        let held = isAtConnectionEdgePath ? nil : unchanged?(id)
        var comparing = false
        let slotCount = typed.slotKeys.count
        let slotBase = Self.claim(&slotValues, top: &slotValuesTop, slotCount, nil)
        var heldBase = 0
        let heldFields = held?.fields ?? [:]
        if case .some = held {
            comparing = true
            heldBase = Self.claim(&heldIndices, top: &heldIndicesTop, slotCount, nil)
            typed.locate(heldFields, into: &heldIndices, base: heldBase)
        }
        var written = 0
        let steps = typed.steps
        for index in steps.indices {
            let step = steps[index]
            var start = offset(step.keyIndex, members)
            while start < 0, !members.ended {
                if try advance(&members, keys: shape.keys, hint: step.keyIndex) == step.keyIndex { start = members.pending }
            }
            guard start >= 0 else {
                if step.lenient { continue }
                throw Stop()
            }
            if step.isTypename { continue }
            let inPlace = start == members.pending
            let resume = reader.position
            reader.position = start
            let heldIndex = comparing ? heldIndices[heldBase + step.slot] : nil
            if let heldIndex, step.isScalar, readsSameScalar(heldFields.values[heldIndex]) {
                // The store holds this value: nothing to write.
            } else if let value = try self.field(
                typed.fields[index], held: heldFields, at: heldIndex, parent: id, depth: members.depth)
            {
                if case .none = slotValues[slotBase + step.slot] { written += 1 }
                slotValues[slotBase + step.slot] = value
            }
            if inPlace {
                members.pending = -1
                members.frontier = reader.position
            } else {
                reader.position = resume
            }
        }
        while !members.ended { _ = try advance(&members, keys: shape.keys) }
        if comparing {
            heldIndicesTop = heldBase
        }
        let fields = takeFields(typed, base: slotBase, written: written)

        // What was assumed before the members were all read must have held.
        if !typenameKnown, case .read(let field, _, _) = identity {
            guard try self.typename(shape, members, namedType: field.namedType) == typename else { throw Stop() }
        }
        for key in keysAssumedAbsent where !isAbsentOrNull(offset(key, members)) { throw Stop() }

        if fields.isEmpty, let held, held.typename == typename { return id }
        records.write(StoreRecord(id: id, typename: typename, fields: fields), positions: &positions)
        return id
    }

    /// The fields written for an object, from its slots (which are then removed).
    private mutating func takeFields(_ typed: TypedShape, base: Int, written: Int) -> [FieldKey: FieldValue] {
        defer { slotValuesTop = base }
        return typed.takeFields(from: &slotValues, base: base, written: written)
    }

    /// Claims `count` elements above `top` in `stack`, each set to `value`, growing it when
    /// needed; the stack never shrinks, so an object costs no allocation. - Returns: where the
    /// claimed elements start.
    @inline(__always)
    private static func push<Element>(_ stack: inout [Element], top: inout Int, _ count: Int, _ value: Element) -> Int {
        let base = top
        while stack.count < base + count { stack.append(value) }
        for index in base..<base + count { stack[index] = value }
        top = base + count
        return base
    }

    /// Claims `count` elements above `top` in `stack` without setting those it has already:
    /// for a stack whose elements above its top are always `empty` (``slotValues``, whose
    /// slots an object takes back as it ends; ``heldIndices``, which ``TypedShape/locate``
    /// sets whole), growing it with `empty` when needed. A walk that stops is not resumed, so
    /// an object left unfinished leaves nothing behind for another. - Returns: where the
    /// claimed elements start.
    @inline(__always)
    private static func claim<Element>(_ stack: inout [Element], top: inout Int, _ count: Int, _ empty: Element) -> Int {
        let base = top
        while stack.count < base + count { stack.append(empty) }
        top = base + count
        return base
    }

    @inline(__always)
    private func offset(_ key: Int, _ members: Members) -> Int {
        offsets[members.base + key]
    }

    /// Reads the next member ahead when the one pending (if any) is a scalar, for an identity
    /// member not seen yet, expecting the key that came next the last time. - Returns: whether
    /// a member was read.
    private mutating func readsScalarAhead(_ members: inout Members, _ shape: SelectionShape) throws(Stop) -> Bool {
        guard !members.ended else { return false }
        if members.pending >= 0 {
            let byte = reader.bytes[members.pending]
            if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { return false }
        }
        let after = members.lastKey < 0 ? shape.followingKeys.count - 1 : members.lastKey
        let hint = shape.followingKeys[after]
        let key = try advance(&members, keys: shape.keys, hint: hint)
        if key >= 0, shape.followingKeys[after] != key { shape.followingKeys[after] = key }
        return !members.ended
    }

    /// Reads the next member's key when it is `key` written as compact JSON writes it, right
    /// after the value before it (`,"key":`), as ``scanToNextKey(_:keys:hint:)`` reads it,
    /// skipping the value pending first as it does; reads no key otherwise (white space,
    /// another key, the object's end, a key seen already), for it to read. - Returns: whether
    /// it read the member.
    @inline(__always)
    private mutating func readsMemberInPlace(_ members: inout Members, keys: MemberKeys, key: Int) -> Bool {
        guard !members.ended else { return false }
        if members.pending >= 0 {
            reader.position = members.pending
            guard (try? reader.skipValue(enclosingDepth: members.depth)) != nil else { return false }
            members.pending = -1
            members.frontier = reader.position
        }
        var start = members.frontier
        if !members.isFirst {
            guard start < reader.count, reader.bytes[start] == UInt8(ascii: ",") else { return false }
            start += 1
        }
        guard reader.count - start >= 17, offsets[members.base + key] < 0 else { return false }
        let length = keys.memberLength(key, at: reader.bytes + start)
        guard length > 0 else { return false }
        reader.position = start + length
        reader.skipWhitespace()
        guard reader.position < reader.count else { return false }
        offsets[members.base + key] = reader.position
        members.isFirst = false
        members.lastKey = key
        members.pending = reader.position
        members.frontier = reader.position
        return true
    }

    /// Reads the next member's key, skipping the value pending before it; at the object's end,
    /// marks it ended. The key `hint` names, written as compact JSON writes it, is read in
    /// place; any other by ``scanToNextKey(_:keys:hint:)``. - Returns: the index of its key in
    /// the shape's keys, -1 for another key.
    @inline(__always)
    mutating func advance(_ members: inout Members, keys: MemberKeys, hint: Int = -1) throws(Stop) -> Int {
        if hint >= 0, readsMemberInPlace(&members, keys: keys, key: hint) { return hint }
        return try scanToNextKey(&members, keys: keys, hint: hint)
    }

    /// ``advance(_:keys:hint:)`` for any key and any white space around it.
    private mutating func scanToNextKey(_ members: inout Members, keys: MemberKeys, hint: Int) throws(Stop) -> Int {
        if members.pending >= 0 {
            reader.position = members.pending
            do { try reader.skipValue(enclosingDepth: members.depth) } catch { throw Stop() }
            members.pending = -1
            members.frontier = reader.position
        }
        reader.position = members.frontier
        reader.skipWhitespace()
        guard reader.position < reader.count else { throw Stop() }
        let byte = reader.bytes[reader.position]
        if byte == UInt8(ascii: "}") {
            reader.position += 1
            members.ended = true
            members.frontier = reader.position
            return -1
        }
        if !members.isFirst {
            guard byte == UInt8(ascii: ",") else { throw Stop() }
            reader.position += 1
            reader.skipWhitespace()
        }
        members.isFirst = false
        guard reader.position < reader.count, reader.bytes[reader.position] == UInt8(ascii: "\"") else { throw Stop() }
        let keyStart = reader.position + 1
        let key: Int
        if keys.isAt(hint, reader.bytes + keyStart, available: reader.count - keyStart) {
            // The key expected next, with its closing quote: nothing to scan.
            key = hint
            reader.position = keyStart + keys.length(of: hint) + 1
        } else {
            let scan: JSONParser.StringScan
            do { scan = try reader.input.scanString(from: keyStart) } catch { throw Stop() }
            // An escaped or non-ASCII key may equal a selected one as Swift strings compare.
            guard !scan.hasEscape, scan.isASCII else { throw Stop() }
            key = keys.index(of: reader.bytes + keyStart, length: scan.end - keyStart, available: reader.count - keyStart)
            reader.position = scan.end + 1
        }
        reader.skipWhitespace()
        guard reader.position < reader.count, reader.bytes[reader.position] == UInt8(ascii: ":") else { throw Stop() }
        reader.position += 1
        reader.skipWhitespace()
        guard reader.position < reader.count else { throw Stop() }
        if key >= 0 {
            // A repeated key: the parsed object keeps the last value at the first place.
            guard offsets[members.base + key] < 0 else { throw Stop() }
            offsets[members.base + key] = reader.position
            members.lastKey = key
        }
        members.pending = reader.position
        members.frontier = reader.position
        return key
    }
}
