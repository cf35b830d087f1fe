/// The fields every schema answers without defining them (spec §4.1 Type Name Introspection,
/// §4.2 Schema Introspection).
package enum MetaFields {
    /// `__typename: String!`, on every object, interface and union type.
    package static let typeName = Field(
        name: "__typename", description: "The name of the current Object type at runtime.",
        type: .nonNull(.named("String")))

    /// `__id: ID!`, the client's ID of the record an object is stored as (Relay), on every object,
    /// interface and union type; read from the store, never sent. Only a `@connection` field's
    /// record holds it.
    package static let recordID = Field(
        name: "__id", description: "The ID of the record the store keeps this object as.", type: .nonNull(.named("ID")))

    /// `__schema: __Schema!`, on the query type.
    package static let schema = Field(
        name: "__schema", description: "Access the current type schema of this server.",
        type: .nonNull(.named("__Schema")))

    /// `__type(name: String!): __Type`, on the query type.
    package static let type = Field(
        name: "__type", description: "Request the type information of a single type.",
        arguments: [InputValue(name: "name", type: .nonNull(.named("String")))], type: .named("__Type"))
}
