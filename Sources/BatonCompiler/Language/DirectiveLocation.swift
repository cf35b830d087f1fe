/// Where a directive may appear (spec §3.13 DirectiveLocation), spelled as the grammar spells it.
public enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    // ExecutableDirectiveLocation
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    // TypeSystemDirectiveLocation
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case `enum` = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
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
