/// A root field the store can answer without a fetch (`baton.json` `lookups`; Relay's missing
/// field handlers, Apollo's cache redirects): `character(id: "1")` is the record `Character:1`.
///
/// When the root record lacks the field's link, the reader resolves it to the record
/// `Typename:key` (the key the field's `arguments` give, joined with `:` as composite keys join)
/// for each of ``typenames`` the store holds, and uses it only when exactly one is held. A
/// lookup never invents data: a field the record lacks is still missing and heals.
public struct RecordLookup: Sendable, Hashable {
    /// The concrete types the field's record may have, probed in this order.
    public var typenames: [String]
    /// The arguments whose values make the record's key, in the order they join.
    public var arguments: [String]

    /// A lookup, as generated code builds it.
    /// - Parameters:
    ///   - typenames: The concrete types the record may have.
    ///   - arguments: The arguments whose values make its key, in join order.
    @_spi(Generated) public init(typenames: [String], arguments: [String]) {
        self.typenames = typenames
        self.arguments = arguments
    }

    /// The records `field` may name under `variables`: one per type, or none when an argument
    /// is absent or null.
    func candidates(of field: PlanField, variables: JSONObject) -> [RecordID] {
        var parts: [String] = []
        for name in arguments {
            let value = field.arguments.first { $0.name == name }?.value.resolved(variables: variables)
            guard let text = RecordIdentity.keyText(value) else { return [] }
            parts.append(text)
        }
        let key = parts.joined(separator: ":")
        return typenames.map { RecordID($0 + ":" + key) }
    }
}

/// A lookup root field of an operation (``RecordLookup``), with the `@include`/`@skip`
/// conditions it is selected under (their selections left out).
package struct RootLookupField: Sendable, Hashable {
    package var field: PlanField
    package var conditions: [Condition]

    /// Whether the field is selected under `variables`.
    package func applies(variables: JSONObject) -> Bool {
        conditions.allSatisfy { $0.applies(variables: variables) }
    }
}
