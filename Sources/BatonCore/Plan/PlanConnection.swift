/// `@connection(key:filters:)` on a connection field (Relay): the pages fetched for it merge into
/// one connection record per parent, key and filter values, stored under
/// `__<key>_connection(<filters>)` instead of the field's own arguments.
public struct PlanConnection: Sendable, Hashable {
    /// The `key` argument: names the connection among its parent's fields.
    public var key: String
    /// The arguments whose values tell one connection from another: those `filters` names, or,
    /// without `filters`, every argument of the field but `first`, `last`, `after` and `before`.
    public var filters: [String]

    /// A connection's marker, as generated code builds it.
    /// - Parameters:
    ///   - key: The `key` argument.
    ///   - filters: The arguments that tell one connection from another, resolved by the compiler.
    @_spi(Generated) public init(key: String, filters: [String]) {
        self.key = key
        self.filters = filters
    }

    /// The arguments that page through a connection rather than tell one from another (Relay).
    public static let pagingArguments: Set<String> = ["first", "last", "after", "before"]
}
