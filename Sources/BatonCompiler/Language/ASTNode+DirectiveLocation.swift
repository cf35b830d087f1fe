extension ASTNode {
    /// The location a directive applied to this node is at (spec §3.13 DirectiveLocations), or
    /// `nil` for nodes that take no directives.
    /// - Parameter parent: The node's parent, which tells an input field definition
    ///   (`INPUT_FIELD_DEFINITION`) from an argument definition (`ARGUMENT_DEFINITION`).
    package func directiveLocation(parent: ASTNode?) -> DirectiveLocation? {
        switch self {
        case .operationDefinition(let node): return DirectiveLocation(node.operation)
        case .field: return .field
        case .fragmentSpread: return .fragmentSpread
        case .inlineFragment: return .inlineFragment
        case .fragmentDefinition: return .fragmentDefinition
        case .variableDefinition: return .variableDefinition
        case .schemaDefinition, .schemaExtension: return .schema
        case .scalarTypeDefinition, .scalarTypeExtension: return .scalar
        case .objectTypeDefinition, .objectTypeExtension: return .object
        case .fieldDefinition: return .fieldDefinition
        case .interfaceTypeDefinition, .interfaceTypeExtension: return .interface
        case .unionTypeDefinition, .unionTypeExtension: return .union
        case .enumTypeDefinition, .enumTypeExtension: return .enum
        case .enumValueDefinition: return .enumValue
        case .inputObjectTypeDefinition, .inputObjectTypeExtension: return .inputObject
        case .inputValueDefinition:
            switch parent {
            case .inputObjectTypeDefinition, .inputObjectTypeExtension: return .inputFieldDefinition
            default: return .argumentDefinition
            }
        case .document, .selectionSet, .argument, .variable, .intValue, .floatValue, .stringValue, .booleanValue,
            .nullValue, .enumValue, .listValue, .objectValue, .objectField, .directive, .namedType, .listType,
            .nonNullType, .operationTypeDefinition, .directiveDefinition:
            return nil
        }
    }
}
