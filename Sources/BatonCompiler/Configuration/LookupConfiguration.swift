import BatonCore

/// One entry of `baton.json`'s `lookups`: a root field the store answers without a fetch, as
/// the record its arguments name (`{"field": "Query.character", "type": "Character", "argument": "id"}`).
public struct LookupConfiguration: Sendable, Hashable {
    /// The root field, `Query.character`.
    public var field: String
    /// The type whose records the field returns; the field's own type when `nil`, so
    /// `node(id:)` probes every type implementing `Node`.
    public var type: String?
    /// The arguments whose values make the record's key, in the order the type's key fields
    /// join (`cacheKeys`).
    public var arguments: [String]

    /// A lookup of `field`'s records of `type` by `arguments`.
    public init(field: String, type: String? = nil, arguments: [String]) {
        self.field = field
        self.type = type
        self.arguments = arguments
    }
}

extension ConfigurationReader {
    /// `[{"field": "Query.character", "type": "Character", "argument": "id"}]`, `"arguments":
    /// ["a", "b"]` for a composite key.
    func lookups(_ value: JSONValue?) throws(ConfigurationError) -> [LookupConfiguration] {
        guard let value else { return [] }
        let accepted = #"a list of objects such as {"field": "Query.character", "type": "Character", "argument": "id"}"#
        guard case .list(let entries) = value else { throw error("lookups", value, accepted: accepted) }
        var result: [LookupConfiguration] = []
        for (index, entry) in entries.enumerated() {
            let key = "lookups[\(index)]"
            guard case .object(let object) = entry else { throw error(key, entry, accepted: accepted) }
            let known = ["field", "type", "argument", "arguments"]
            if let unknown = object.members.first(where: { !known.contains($0.key) }) {
                var error = error(
                    key + "." + unknown.key, unknown.value, accepted: "only the keys \"field\", \"type\", \"argument\" or \"arguments\"")
                error.suggestions = suggestionList(unknown.key, known)
                throw error
            }
            let field = try string(object["field"], key: key + ".field")
            let type = try object["type"].map { value throws(ConfigurationError) in try string(value, key: key + ".type") }
            let arguments: [String]
            switch (object["argument"], object["arguments"]) {
            case (let single?, nil): arguments = [try string(single, key: key + ".argument")]
            case (nil, let list?): arguments = try stringOrStrings(list, key: key + ".arguments")
            case (nil, nil): throw error(key + ".argument", nil, accepted: "an argument name, or \"arguments\": a list of them")
            case (_?, let list?): throw error(key + ".arguments", list, accepted: "\"argument\" or \"arguments\", not both")
            }
            result.append(LookupConfiguration(field: field, type: type, arguments: arguments))
        }
        return result
    }
}
