extension ASTNode {
    /// The directives applied to the node, for the kinds of node that take directives.
    var appliedDirectives: [DirectiveNode]? {
        switch self {
        case .operationDefinition(let node): node.directives
        case .variableDefinition(let node): node.directives
        case .field(let node): node.directives
        case .fragmentSpread(let node): node.directives
        case .inlineFragment(let node): node.directives
        case .fragmentDefinition(let node): node.directives
        case .schemaDefinition(let node): node.directives
        case .schemaExtension(let node): node.directives
        case .scalarTypeDefinition(let node): node.directives
        case .objectTypeDefinition(let node): node.directives
        case .fieldDefinition(let node): node.directives
        case .inputValueDefinition(let node): node.directives
        case .interfaceTypeDefinition(let node): node.directives
        case .unionTypeDefinition(let node): node.directives
        case .enumTypeDefinition(let node): node.directives
        case .enumValueDefinition(let node): node.directives
        case .inputObjectTypeDefinition(let node): node.directives
        case .scalarTypeExtension(let node): node.directives
        case .objectTypeExtension(let node): node.directives
        case .interfaceTypeExtension(let node): node.directives
        case .unionTypeExtension(let node): node.directives
        case .enumTypeExtension(let node): node.directives
        case .inputObjectTypeExtension(let node): node.directives
        case .document, .selectionSet, .argument, .variable, .intValue, .floatValue, .stringValue, .booleanValue,
            .nullValue, .enumValue, .listValue, .objectValue, .objectField, .directive, .namedType, .listType,
            .nonNullType, .operationTypeDefinition, .directiveDefinition:
            nil
        }
    }

    /// The name of a type definition or extension, under which its directives are counted together.
    var typeSystemName: String? {
        switch self {
        case .scalarTypeDefinition(let node): node.name.value
        case .objectTypeDefinition(let node): node.name.value
        case .interfaceTypeDefinition(let node): node.name.value
        case .unionTypeDefinition(let node): node.name.value
        case .enumTypeDefinition(let node): node.name.value
        case .inputObjectTypeDefinition(let node): node.name.value
        case .scalarTypeExtension(let node): node.name.value
        case .objectTypeExtension(let node): node.name.value
        case .interfaceTypeExtension(let node): node.name.value
        case .unionTypeExtension(let node): node.name.value
        case .enumTypeExtension(let node): node.name.value
        case .inputObjectTypeExtension(let node): node.name.value
        default: nil
        }
    }

    /// Whether the node belongs to the type system language rather than to an executable document.
    var isTypeSystemNode: Bool {
        switch self {
        case .schemaDefinition, .schemaExtension, .directiveDefinition, .scalarTypeDefinition,
            .objectTypeDefinition, .interfaceTypeDefinition, .unionTypeDefinition, .enumTypeDefinition,
            .inputObjectTypeDefinition, .scalarTypeExtension, .objectTypeExtension, .interfaceTypeExtension,
            .unionTypeExtension, .enumTypeExtension, .inputObjectTypeExtension:
            true
        default:
            false
        }
    }
}

extension Array where Element == DirectiveNode {
    /// The first directive named `name`.
    func named(_ name: String) -> DirectiveNode? {
        first { $0.name.value == name }
    }
}

extension ASTNode {
    /// Whether this is the document, the root of a walk.
    var isDocument: Bool {
        if case .document = self { return true }
        return false
    }
}
