/// Which fields identify an object of each type in the store: the key fields `baton.json` names
/// in `cacheKeys`, compiled into the plan so the runtime needs no configuration file.
///
/// A type not listed is keyed by `id`. An interface's entry is resolved to its implementers when
/// the plan is generated, so only concrete type names appear here. A type listed with no fields
/// has no key: its objects get a path under their nearest keyed ancestor.
public struct CacheKeys: Sendable, Hashable {
    /// The key fields of each concrete type that is not keyed by `id` alone, in the order their
    /// values join into a record ID.
    public var fieldsByType: [String: [String]]

    /// Key fields per concrete type; every other type is keyed by `id`.
    /// - Parameter fieldsByType: the key fields of each listed type, in join order.
    @_spi(Generated) public init(_ fieldsByType: [String: [String]] = [:]) {
        self.fieldsByType = fieldsByType
    }

    /// Every type keyed by `id`.
    public static let `default` = CacheKeys()

    /// The key of a type `baton.json` does not name, made once rather than per object.
    private static let defaultKeyFields = ["id"]

    /// The fields that key objects of type `typename`.
    /// - Parameter typename: a concrete type's name.
    public func keyFields(of typename: String) -> [String] {
        fieldsByType.isEmpty ? Self.defaultKeyFields : fieldsByType[typename] ?? Self.defaultKeyFields
    }
}

extension OperationPlan {
    /// This plan with objects identified by `keys`: how generated code attaches `baton.json`'s
    /// `cacheKeys` to a plan.
    /// - Parameter keys: the key fields per concrete type.
    @_spi(Generated) public func keyed(by keys: CacheKeys) -> OperationPlan {
        var plan = self
        plan.cacheKeys = keys
        return plan
    }
}
