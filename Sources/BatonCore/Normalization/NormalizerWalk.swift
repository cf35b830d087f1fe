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
    let unchanged: ((RecordID) -> StoreRecord?)?

    init(
        variables: JSONObject, cacheKeys: CacheKeys, typenameKey: String, base: ((RecordID) -> StoreRecord?)?,
        partial: Bool = false, unchanged: ((RecordID) -> StoreRecord?)? = nil
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

    /// Writes the object `json` as record `id` by `selections`.
    /// - Parameter lenient: whether a selected field may be absent (a deferred part or fragment).
    mutating func object(
        _ json: JSONObject, id: RecordID, typename: String, selections: [Selection], lenient: Bool
    ) throws(IngestError) {
        var fields: [FieldKey: FieldValue] = [:]
        let held = unchanged?(id)
        if held == nil { fields.reserveCapacity(json.count) }
        try collect(
            json, id: id, typename: typename, selections: selections, lenient: lenient, held: held?.fields, into: &fields)
        // Nothing to write for a record the store holds exactly so.
        if fields.isEmpty, let held, held.typename == typename { return }
        let record = StoreRecord(id: id, typename: typename, fields: fields)
        // One hash of the ID: claim the next position unless the ID holds one already.
        let next = records.count
        var position: Int?
        Self.claim(&positions[id, default: next], next, held: &position)
        if let position {
            records[position].merge(record)
        } else {
            records.append(record)
        }
    }

    private static func claim(_ slot: inout Int, _ next: Int, held: inout Int?) {
        if slot != next { held = slot }
    }

    private mutating func collect(
        _ json: JSONObject, id: RecordID, typename: String, selections: [Selection], lenient: Bool,
        held: [FieldKey: FieldValue]?, into fields: inout [FieldKey: FieldValue]
    ) throws(IngestError) {
        // Responses list an object's members in the order the plan selects them, nearly always:
        // try the member after the last one found before searching.
        var next = 0
        let members = json.members
        for selection in selections {
            switch selection {
            case .field(let field):
                let responseKey = field.responseKey
                let found: JSONValue?
                if next < members.count, members[next].key == responseKey {
                    found = members[next].value
                    next += 1
                } else {
                    found = json[responseKey]
                }
                guard let value = found else {
                    if lenient { continue }
                    throw IngestError(
                        .fieldOmitted, "the response omits \"\(responseKey)\", which the operation selects",
                        path: [.key(responseKey)])
                }
                // The typename is the record's own; `__typename` reads come from it.
                if field.name == "__typename" { continue }
                let key = field.storageKey(variables: variables)
                do {
                    let stored = try self.value(value, field: field, type: field.type, parent: id, place: key.rawValue)
                    if let held, held[key] == stored { continue }
                    fields[key] = stored
                } catch {
                    throw error.under(.key(responseKey))
                }
            case .inlineFragment(let fragment):
                guard fragment.matches(typename: typename) else { continue }
                try collect(
                    json, id: id, typename: typename, selections: fragment.selections, lenient: lenient, held: held,
                    into: &fields)
            case .fragmentSpread(let spread):
                let fragment = spread.fragment
                guard fragment.typeCondition == typename || fragment.possibleTypes.contains(typename) else { continue }
                try collect(
                    json, id: id, typename: typename, selections: fragment.selections, lenient: lenient, held: held,
                    into: &fields)
            case .condition(let condition):
                guard condition.applies(variables: variables) else { continue }
                try collect(
                    json, id: id, typename: typename, selections: condition.selections, lenient: lenient, held: held,
                    into: &fields)
            case .deferred(let deferred):
                // `@defer(if: false)` delivers inline; otherwise the fields may come in a later part.
                let inline = deferred.ifVariable.map { variables[$0]?.boolValue == false } ?? false
                try collect(
                    json, id: id, typename: typename, selections: deferred.selections, lenient: lenient || !inline,
                    held: held, into: &fields)
            }
        }
    }

    /// The stored form of `json`, a value of `type` selected by `field`.
    /// - Parameter place: the path of this value below `parent`, for an object without a key;
    ///   built only for such an object.
    private mutating func value(
        _ json: JSONValue, field: PlanField, type: PlanType, parent: RecordID, place: @autoclosure () -> String
    ) throws(IngestError) -> FieldValue {
        switch type {
        case .nonNull(let inner):
            return try value(json, field: field, type: inner, parent: parent, place: place())
        case .list(let inner):
            guard case .list(let elements) = json else {
                if json.isNull || field.selections.isEmpty { return .scalar(json) }
                throw IngestError(.wrongKind, "expected a list, found \(json.kindDescription)")
            }
            var stored: [FieldValue] = []
            stored.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                do {
                    stored.append(try value(element, field: field, type: inner, parent: parent, place: "\(place()).\(index)"))
                } catch {
                    throw error.under(.index(index))
                }
            }
            return .list(stored)
        case .named(let name):
            guard !field.selections.isEmpty else { return .scalar(json) }
            guard case .object(let members) = json else {
                if json.isNull { return .scalar(.null) }
                throw IngestError(.wrongKind, "expected an object, found \(json.kindDescription)")
            }
            let typename = members[typenameKey]?.stringValue ?? name
            let id =
                RecordIdentity.id(of: members, typename: typename, selections: field.selections, keys: cacheKeys)
                ?? RecordID("\(parent.rawValue).\(place())")
            try object(members, id: id, typename: typename, selections: field.selections, lenient: partial)
            return .link(id)
        }
    }
}
