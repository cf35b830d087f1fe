/// A record's ID from its key fields: `Typename:value`, composite keys joining their values
/// with `:` in the order `baton.json` lists them.
enum RecordIdentity {
    /// The ID of the object `members` of type `typename`, or `nil` when its type has no key or
    /// the object lacks a key value (it is then identified by its path).
    static func id(of members: JSONObject, typename: String, selections: [Selection], keys: CacheKeys) -> RecordID? {
        let fields = keys.keyFields(of: typename)
        guard let first = fields.first else { return nil }
        guard var joined = keyText(members, field: first, selections) else { return nil }
        var position = 1
        while position < fields.count {
            guard let text = keyText(members, field: fields[position], selections) else { return nil }
            joined += ":" + text
            position += 1
        }
        return RecordID(typename + ":" + joined)
    }

    /// The value of key field `field` as it joins into an ID; `nil` when absent or null.
    private static func keyText(_ members: JSONObject, field: String, _ selections: [Selection]) -> String? {
        keyText(members[PlanLookup.responseKey(ofArgumentlessField: field, in: selections) ?? field])
    }

    /// A key field's value as it joins into an ID; `nil` when absent or null.
    static func keyText(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case let other?: return String(decoding: other.serializedBytes(sortingKeys: true), as: UTF8.self)
        }
    }
}
