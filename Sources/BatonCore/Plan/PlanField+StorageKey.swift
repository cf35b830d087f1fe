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
        return FieldKey.storageKey(stored, arguments: resolved)
    }
}

extension FieldKey {
    /// The key a field named `name` with `arguments` is stored under, as a plan's field keys it
    /// (``PlanField/storageKey(variables:)``): for an updater, which names fields by hand.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - arguments: Its arguments' values (an absent argument left out).
    public static func storageKey(_ name: String, arguments: JSONObject) -> FieldKey {
        storageKey(name, arguments: arguments.members.map { ($0.key, $0.value) })
    }

    /// The key of `name` with `arguments`, sorted here by name.
    static func storageKey(_ name: String, arguments: [(String, JSONValue)]) -> FieldKey {
        guard !arguments.isEmpty else { return FieldKey(name) }
        let sorted = arguments.sorted { $0.0 < $1.0 }
        let printed = sorted.map { "\($0.0):\(String(decoding: $0.1.serializedBytes(sortingKeys: true), as: UTF8.self))" }
        return FieldKey("\(name)(\(printed.joined(separator: ",")))")
    }
}
