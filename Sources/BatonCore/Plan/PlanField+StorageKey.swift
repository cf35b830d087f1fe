extension PlanField {
    /// The key this field is stored under in a record: the name, and the arguments resolved
    /// under `variables`, sorted by name and printed as compact JSON with sorted keys
    /// (`friends(first:10,orderBy:{"field":"NAME"})`). Arguments whose variable is absent are left
    /// out, as the server treats them. A `@connection` field is stored under its connection's key
    /// and filter arguments alone (`__Feed_posts_connection(orderBy:"NEW")`), whatever page it reads.
    public func storageKey(variables: JSONObject) -> FieldKey {
        var resolved: [(String, JSONValue)] = []
        let stored = connection.map { "__\($0.key)_connection" } ?? name
        for argument in arguments where connection?.filters.contains(argument.name) ?? true {
            if let value = argument.value.resolved(variables: variables) { resolved.append((argument.name, value)) }
        }
        guard !resolved.isEmpty else { return FieldKey(stored) }
        resolved.sort { $0.0 < $1.0 }
        let printed = resolved.map { "\($0.0):\(String(decoding: $0.1.serializedBytes(sortingKeys: true), as: UTF8.self))" }
        return FieldKey("\(stored)(\(printed.joined(separator: ",")))")
    }
}
