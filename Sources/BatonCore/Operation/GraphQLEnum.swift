/// A GraphQL enum type (spec §3.9), as `baton generate` writes one: a case per value the schema
/// had at build time, and `unknown(String)` for a value it did not, so a server that adds a
/// value never breaks a client built before.
public protocol GraphQLEnum: RawRepresentable, GraphQLInputValue, Hashable, CaseIterable
where RawValue == String {
    /// The value for `rawValue`: a known case, or `unknown(rawValue)`.
    init(rawValue: String)
}

extension GraphQLEnum {
    /// The raw value as a JSON string, as an enum value is sent (spec §3.9).
    public var inputJSON: JSONValue { .string(rawValue) }
}
