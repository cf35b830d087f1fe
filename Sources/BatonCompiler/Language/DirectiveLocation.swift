/// Where a directive may appear (spec §3.13 DirectiveLocation), spelled as the grammar spells it.
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    // ExecutableDirectiveLocation
    /// On a query operation.
    case query = "QUERY"
    /// On a mutation operation.
    case mutation = "MUTATION"
    /// On a subscription operation.
    case subscription = "SUBSCRIPTION"
    /// On a field of a selection.
    case field = "FIELD"
    /// On a fragment definition.
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    /// On a fragment spread.
    case fragmentSpread = "FRAGMENT_SPREAD"
    /// On an inline fragment.
    case inlineFragment = "INLINE_FRAGMENT"
    /// On a variable definition of an operation.
    case variableDefinition = "VARIABLE_DEFINITION"
    // TypeSystemDirectiveLocation
    /// On the schema definition.
    case schema = "SCHEMA"
    /// On a scalar type definition.
    case scalar = "SCALAR"
    /// On an object type definition.
    case object = "OBJECT"
    /// On a field definition of an object or interface type.
    case fieldDefinition = "FIELD_DEFINITION"
    /// On an argument definition of a field or directive.
    case argumentDefinition = "ARGUMENT_DEFINITION"
    /// On an interface type definition.
    case interface = "INTERFACE"
    /// On a union type definition.
    case union = "UNION"
    /// On an enum type definition.
    case `enum` = "ENUM"
    /// On a value of an enum type definition.
    case enumValue = "ENUM_VALUE"
    /// On an input object type definition.
    case inputObject = "INPUT_OBJECT"
    /// On a field definition of an input object type.
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
    /// A directive definition: graphql-core 3.3 and graphql-js 17 put `@deprecated` here.
    case directiveDefinition = "DIRECTIVE_DEFINITION"

    /// Whether the location is in an executable document rather than a schema.
    package var isExecutable: Bool {
        switch self {
        case .query, .mutation, .subscription, .field, .fragmentDefinition, .fragmentSpread, .inlineFragment,
            .variableDefinition:
            true
        case .schema, .scalar, .object, .fieldDefinition, .argumentDefinition, .interface, .union, .enum,
            .enumValue, .inputObject, .inputFieldDefinition, .directiveDefinition:
            false
        }
    }

    /// The location of an operation of the given type.
    package init(_ operation: OperationType) {
        switch operation {
        case .query: self = .query
        case .mutation: self = .mutation
        case .subscription: self = .subscription
        }
    }
}
