extension ASTNode {
    /// The node's children in source order, as graphql-js's visitor reaches them.
    public var children: [ASTNode] {
        switch self {
        case .document(let node):
            return node.definitions.map(ASTNode.init)
        case .operationDefinition(let node):
            return node.variableDefinitions.map(ASTNode.variableDefinition) + node.directives.map(ASTNode.directive)
                + [.selectionSet(node.selectionSet)]
        case .variableDefinition(let node):
            return [.variable(node.variable), ASTNode(node.type)] + (node.defaultValue.map { [ASTNode($0)] } ?? [])
                + node.directives.map(ASTNode.directive)
        case .selectionSet(let node):
            return node.selections.map(ASTNode.init)
        case .field(let node):
            return node.arguments.map(ASTNode.argument) + node.directives.map(ASTNode.directive)
                + (node.selectionSet.map { [.selectionSet($0)] } ?? [])
        case .argument(let node):
            return [ASTNode(node.value)]
        case .fragmentSpread(let node):
            return node.directives.map(ASTNode.directive)
        case .inlineFragment(let node):
            return (node.typeCondition.map { [.namedType($0)] } ?? []) + node.directives.map(ASTNode.directive)
                + [.selectionSet(node.selectionSet)]
        case .fragmentDefinition(let node):
            return [.namedType(node.typeCondition)] + node.directives.map(ASTNode.directive)
                + [.selectionSet(node.selectionSet)]
        case .variable, .intValue, .floatValue, .stringValue, .booleanValue, .nullValue, .enumValue, .namedType:
            return []
        case .listValue(let node):
            return node.values.map(ASTNode.init)
        case .objectValue(let node):
            return node.fields.map(ASTNode.objectField)
        case .objectField(let node):
            return [ASTNode(node.value)]
        case .directive(let node):
            return node.arguments.map(ASTNode.argument)
        case .listType(let node):
            return [ASTNode(node.type)]
        case .nonNullType(let node):
            return [ASTNode(node.type)]
        case .schemaDefinition(let node):
            return node.directives.map(ASTNode.directive) + node.operationTypes.map(ASTNode.operationTypeDefinition)
        case .operationTypeDefinition(let node):
            return [.namedType(node.type)]
        case .scalarTypeDefinition(let node):
            return node.directives.map(ASTNode.directive)
        case .objectTypeDefinition(let node):
            return node.interfaces.map(ASTNode.namedType) + node.directives.map(ASTNode.directive)
                + node.fields.map(ASTNode.fieldDefinition)
        case .fieldDefinition(let node):
            return node.arguments.map(ASTNode.inputValueDefinition) + [ASTNode(node.type)]
                + node.directives.map(ASTNode.directive)
        case .inputValueDefinition(let node):
            return [ASTNode(node.type)] + (node.defaultValue.map { [ASTNode($0)] } ?? [])
                + node.directives.map(ASTNode.directive)
        case .interfaceTypeDefinition(let node):
            return node.interfaces.map(ASTNode.namedType) + node.directives.map(ASTNode.directive)
                + node.fields.map(ASTNode.fieldDefinition)
        case .unionTypeDefinition(let node):
            return node.directives.map(ASTNode.directive) + node.types.map(ASTNode.namedType)
        case .enumTypeDefinition(let node):
            return node.directives.map(ASTNode.directive) + node.values.map(ASTNode.enumValueDefinition)
        case .enumValueDefinition(let node):
            return node.directives.map(ASTNode.directive)
        case .inputObjectTypeDefinition(let node):
            return node.directives.map(ASTNode.directive) + node.fields.map(ASTNode.inputValueDefinition)
        case .directiveDefinition(let node):
            return node.arguments.map(ASTNode.inputValueDefinition)
        case .schemaExtension(let node):
            return node.directives.map(ASTNode.directive) + node.operationTypes.map(ASTNode.operationTypeDefinition)
        case .scalarTypeExtension(let node):
            return node.directives.map(ASTNode.directive)
        case .objectTypeExtension(let node):
            return node.interfaces.map(ASTNode.namedType) + node.directives.map(ASTNode.directive)
                + node.fields.map(ASTNode.fieldDefinition)
        case .interfaceTypeExtension(let node):
            return node.interfaces.map(ASTNode.namedType) + node.directives.map(ASTNode.directive)
                + node.fields.map(ASTNode.fieldDefinition)
        case .unionTypeExtension(let node):
            return node.directives.map(ASTNode.directive) + node.types.map(ASTNode.namedType)
        case .enumTypeExtension(let node):
            return node.directives.map(ASTNode.directive) + node.values.map(ASTNode.enumValueDefinition)
        case .inputObjectTypeExtension(let node):
            return node.directives.map(ASTNode.directive) + node.fields.map(ASTNode.inputValueDefinition)
        }
    }

    /// Where the node starts.
    public var location: SourceLocation {
        switch self {
        case .document(let node): node.location
        case .operationDefinition(let node): node.location
        case .variableDefinition(let node): node.location
        case .selectionSet(let node): node.location
        case .field(let node): node.location
        case .argument(let node): node.location
        case .fragmentSpread(let node): node.location
        case .inlineFragment(let node): node.location
        case .fragmentDefinition(let node): node.location
        case .variable(let node): node.location
        case .intValue(let node): node.location
        case .floatValue(let node): node.location
        case .stringValue(let node): node.location
        case .booleanValue(let node): node.location
        case .nullValue(let node): node.location
        case .enumValue(let node): node.location
        case .listValue(let node): node.location
        case .objectValue(let node): node.location
        case .objectField(let node): node.location
        case .directive(let node): node.location
        case .namedType(let node): node.location
        case .listType(let node): node.location
        case .nonNullType(let node): node.location
        case .schemaDefinition(let node): node.location
        case .operationTypeDefinition(let node): node.location
        case .scalarTypeDefinition(let node): node.location
        case .objectTypeDefinition(let node): node.location
        case .fieldDefinition(let node): node.location
        case .inputValueDefinition(let node): node.location
        case .interfaceTypeDefinition(let node): node.location
        case .unionTypeDefinition(let node): node.location
        case .enumTypeDefinition(let node): node.location
        case .enumValueDefinition(let node): node.location
        case .inputObjectTypeDefinition(let node): node.location
        case .directiveDefinition(let node): node.location
        case .schemaExtension(let node): node.location
        case .scalarTypeExtension(let node): node.location
        case .objectTypeExtension(let node): node.location
        case .interfaceTypeExtension(let node): node.location
        case .unionTypeExtension(let node): node.location
        case .enumTypeExtension(let node): node.location
        case .inputObjectTypeExtension(let node): node.location
        }
    }
}
