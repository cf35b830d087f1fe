import BatonCore

/// The distinct selection sets of a plan, each named once, in the order they are first met:
/// `__selections_0` for the root's. Sets equal in value share one name.
struct SelectionSetTable {
    /// The distinct non-empty selection sets, in the order they were named.
    private(set) var sets: [[Selection]] = []
    private var indices: [[Selection]: Int] = [:]

    /// The name of the declaration at `index`. Names beginning with two underscores are reserved
    /// for the introspection system, so no schema type or field spells one.
    static func name(_ index: Int) -> String { "__selections_\(index)" }

    /// The name of each set named so far.
    var names: [[Selection]: String] { indices.mapValues(Self.name) }

    /// The Swift expression for `set`: `[]`, or its declaration's name, named now if it is new.
    mutating func reference(_ set: [Selection]) -> String {
        if set.isEmpty { return "[]" }
        if let index = indices[set] { return Self.name(index) }
        indices[set] = sets.count
        sets.append(set)
        return Self.name(sets.count - 1)
    }
}
