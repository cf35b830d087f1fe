/// The traversal of the normalizer: one response object after another, by the plan's
/// selections, into records. A failure unwinds with the response path built on the way out, so
/// the path costs nothing while the response is well formed.
struct NormalizerWalk {
    let variables: JSONObject
    let cacheKeys: CacheKeys
    /// The response key that holds an abstract object's `__typename` (``OperationPlan/typenameKey``).
    let typenameKey: String
    /// What the store holds, for a later part of an incremental response.
    let base: ((RecordID) -> StoreRecord?)?
    /// Whether a nested object may omit selected fields too (an optimistic response, a local
    /// commit): it writes what it has, and the rest of its record stays as held. A response
    /// from the network is never partial: an omission there is malformed.
    let partial: Bool
    /// The records written, in the order first reached.
    private(set) var records: [StoreRecord] = []
    /// Where each record written sits in ``records``.
    private var positions: [RecordID: Int] = [:]
    /// What the store holds, to leave out of the write the fields it holds with the same value
    /// (a response fetched again writes only what changed).
    let unchanged: (any RecordSource)?
    /// Per open object, the value written for each of its slots (``TypedShape/slotKeys``); the
    /// open objects use the first ``slotValuesTop``, and it never shrinks.
    private var slotValues: [FieldValue?] = []
    private var slotValuesTop = 0

    init(
        variables: JSONObject, cacheKeys: CacheKeys, typenameKey: String, base: ((RecordID) -> StoreRecord?)?,
        partial: Bool = false, unchanged: (any RecordSource)? = nil
    ) {
        self.variables = variables
        self.cacheKeys = cacheKeys
        self.typenameKey = typenameKey
        self.base = base
        self.partial = partial
        self.unchanged = unchanged
    }

    /// A walk holding `records` already written, each at its place in `positions`, with no
    /// base: for placing the errors of a response normalized another way.
    init(
        variables: JSONObject, cacheKeys: CacheKeys, typenameKey: String, written records: [StoreRecord],
        positions: [RecordID: Int]
    ) {
        self.init(variables: variables, cacheKeys: cacheKeys, typenameKey: typenameKey, base: nil)
        self.records = records
        self.positions = positions
    }

    /// The record `id` as this write leaves it: written here, or else as the base holds it.
    func record(_ id: RecordID) -> StoreRecord? {
        if let position = positions[id] { return records[position] }
        return base?(id)
    }

    /// Changes the record `id` in this write, copying it in from the base first when this write
    /// has not reached it. - Returns: whether there was such a record.
    @discardableResult
    mutating func update(_ id: RecordID, _ change: (inout StoreRecord) -> Void) -> Bool {
        if let position = positions[id] {
            change(&records[position])
            return true
        }
        guard var record = base?(id) else { return false }
        change(&record)
        positions[id] = records.count
        records.append(record)
        return true
    }

    /// What the walk's selection shapes share.
    var context: ShapeContext {
        ShapeContext(variables: variables, cacheKeys: cacheKeys, typenameKey: typenameKey)
    }

    /// Writes the object `json` as record `id` by `selections`.
    /// - Parameter lenient: whether a selected field may be absent (a deferred part or fragment).
    mutating func object(
        _ json: JSONObject, id: RecordID, typename: String, selections: [Selection], lenient: Bool
    ) throws(IngestError) {
        try object(json, id: id, typename: typename, shape: SelectionShape(selections, context: context), lenient: lenient)
    }

    /// Writes the object `json` as record `id` by the selections `shape` compiles, visiting
    /// each field in the order the selections list it, fragments and conditions resolved.
    private mutating func object(
        _ json: JSONObject, id: RecordID, typename: String, shape: SelectionShape, lenient: Bool
    ) throws(IngestError) {
        let typed = shape.typed(typename)
        let heldRecord = unchanged?.record(id)
        let held = heldRecord?.fields
        let slotCount = typed.slotKeys.count
        let slotBase = slotValuesTop
        while slotValues.count < slotBase + slotCount { slotValues.append(nil) }
        slotValuesTop = slotBase + slotCount
        defer { slotValuesTop = slotBase }
        var written = 0
        // Responses list an object's members in the order the plan selects them, nearly always:
        // try the member after the last one found before searching.
        var nextMember = 0
        let members = json.members
        let fields = typed.fields
        for index in fields.indices {
            let field = fields[index]
            let responseKey = field.responseKey
            let found: JSONValue?
            if nextMember < members.count, members[nextMember].key == responseKey {
                found = members[nextMember].value
                nextMember += 1
            } else {
                found = json[responseKey]
            }
            guard let value = found else {
                if lenient || field.lenient { continue }
                throw IngestError(
                    .fieldOmitted, "the response omits \"\(responseKey)\", which the operation selects",
                    path: [.key(responseKey)])
            }
            // The typename is the record's own; `__typename` reads come from it.
            if field.isTypename { continue }
            let stored: FieldValue
            do {
                stored = try self.value(value, field: field, listDepth: field.listDepth, parent: id, place: field.storageKey.rawValue)
            } catch {
                throw error.under(.key(responseKey))
            }
            if let held, case .some(let heldValue) = held[field.storageKey], heldValue == stored { continue }
            let slot = slotBase + typed.steps[index].slot
            if case .none = slotValues[slot] { written += 1 }
            slotValues[slot] = stored
        }
        let record = StoreRecord(id: id, typename: typename, fields: takeFields(typed, base: slotBase, written: written))
        // Nothing to write for a record the store holds exactly so.
        if written == 0, let heldRecord, heldRecord.typename == typename { return }
        records.write(record, positions: &positions)
    }

    /// The fields written for an object, from its slots (which are then emptied).
    private mutating func takeFields(_ typed: TypedShape, base: Int, written: Int) -> [FieldKey: FieldValue] {
        typed.takeFields(from: &slotValues, base: base, written: written)
    }

    /// The stored form of `json`, a value of `field`'s type inside `listDepth` more lists.
    /// - Parameter place: the path of this value below `parent`, for an object without a key;
    ///   built only for such an object.
    private mutating func value(
        _ json: JSONValue, field: ShapeField, listDepth: Int, parent: RecordID, place: @autoclosure () -> String
    ) throws(IngestError) -> FieldValue {
        if listDepth > 0 {
            guard case .list(let elements) = json else {
                if json.isNull || field.isLeaf { return .scalar(json) }
                throw IngestError(.wrongKind, "expected a list, found \(json.kindDescription)")
            }
            var stored: [FieldValue] = []
            stored.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do {
                    stored.append(
                        try value(element, field: field, listDepth: listDepth - 1, parent: parent, place: "\(place()).\(index)"))
                } catch {
                    throw error.under(.index(index))
                }
            }
            return .list(stored)
        }
        guard let child = field.child else { return .scalar(json) }
        guard case .object(let members) = json else {
            if json.isNull { return .scalar(.null) }
            throw IngestError(.wrongKind, "expected an object, found \(json.kindDescription)")
        }
        // The record's typename is what `__typename` reads as: one that is no string (null
        // included) would be read back as the field's type, which the response never said.
        let typename: String
        switch members[typenameKey] {
        case .string(let name)?: typename = name
        case nil: typename = field.namedType
        case let other?:
            throw IngestError(
                .wrongKind, "expected a typename string, found \(other.kindDescription)", path: [.key(typenameKey)])
        }
        // A connection's record is its parent's, under its key, whatever keys its object has.
        let id =
            (field.isConnection ? nil : Self.id(of: members, typename: typename, typed: child.typed(typename), keys: child))
            ?? RecordID("\(parent.rawValue).\(place())")
        try object(members, id: id, typename: typename, shape: child, lenient: partial)
        return .link(id)
    }

    /// The ID from the key fields, as ``RecordIdentity`` joins them.
    private static func id(of members: JSONObject, typename: String, typed: TypedShape, keys shape: SelectionShape) -> RecordID? {
        guard let first = typed.keyFields.first else { return nil }
        guard var joined = RecordIdentity.keyText(members[shape.keyNames[first]]) else { return nil }
        var position = 1
        while position < typed.keyFields.count {
            guard let text = RecordIdentity.keyText(members[shape.keyNames[typed.keyFields[position]]]) else { return nil }
            joined += ":" + text
            position += 1
        }
        return RecordID(typename + ":" + joined)
    }
}
