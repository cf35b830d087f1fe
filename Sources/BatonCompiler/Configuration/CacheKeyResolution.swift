@_spi(Generated) import BatonCore

/// `baton.json`'s `cacheKeys` resolved against the schema into what generated plans carry: the
/// key fields of each concrete type, an interface's or union's entry covering its possible types.
enum CacheKeyResolution {
    /// The key fields per concrete type. A type's own entry wins over an abstract type's; among
    /// abstract types covering one type, the first by name wins, so the result never depends on
    /// the file's order.
    static func resolve(_ configured: [String: [String]], schema: Schema) -> CacheKeys {
        var resolved: [String: [String]] = [:]
        for name in configured.keys.sorted() {
            guard let fields = configured[name] else { continue }
            let concrete = schema.possibleTypes(of: name)
            if concrete.count == 1, concrete[0].name == name {
                resolved[name] = fields
                continue
            }
            for object in concrete where configured[object.name] == nil && resolved[object.name] == nil {
                resolved[object.name] = fields
            }
        }
        // Entries that say what the default says need not be written.
        return CacheKeys(resolved.filter { $0.value != ["id"] })
    }

    /// The Swift expression that builds `keys`, stable for the same keys.
    static func literal(_ keys: CacheKeys) -> String {
        let entries = keys.fieldsByType.keys.sorted().map { name in
            let fields = (keys.fieldsByType[name] ?? []).map(SwiftLiteral.string).joined(separator: ", ")
            return "\(SwiftLiteral.string(name)): [\(fields)]"
        }
        return "CacheKeys([\(entries.joined(separator: ", "))])"
    }
}
