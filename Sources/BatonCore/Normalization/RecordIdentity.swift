/// A record's ID from its key fields: `Typename:value`, composite keys joining their values
/// with `:` in the order `baton.json` lists them (``SelectionShape`` finds the key fields).
enum RecordIdentity {
    /// A key field's value as it joins into an ID; `nil` when absent or null, which leaves the
    /// object identified by its path.
    static func keyText(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case let other?: return String(decoding: other.serializedBytes(sortingKeys: true), as: UTF8.self)
        }
    }
}
