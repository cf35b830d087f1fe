/// Any node of the AST, for code that walks the tree: one case per kind of node, as graphql-js's
/// `Kind` lists them (names and descriptions are reached through their parents, not visited alone).
public enum ASTNode: Sendable, Hashable {
    case document(DocumentNode)
    case operationDefinition(OperationDefinitionNode)
    case variableDefinition(VariableDefinitionNode)
    case selectionSet(SelectionSetNode)
    case field(FieldNode)
    case argument(ArgumentNode)
    case fragmentSpread(FragmentSpreadNode)
    case inlineFragment(InlineFragmentNode)
    case fragmentDefinition(FragmentDefinitionNode)
    case variable(VariableNode)
    case intValue(IntValueNode)
    case floatValue(FloatValueNode)
    case stringValue(StringValueNode)
    case booleanValue(BooleanValueNode)
    case nullValue(NullValueNode)
    case enumValue(EnumValueNode)
    case listValue(ListValueNode)
    case objectValue(ObjectValueNode)
    case objectField(ObjectFieldNode)
    case directive(DirectiveNode)
    case namedType(NamedTypeNode)
    case listType(ListTypeNode)
    case nonNullType(NonNullTypeNode)
    case schemaDefinition(SchemaDefinitionNode)
    case operationTypeDefinition(OperationTypeDefinitionNode)
    case scalarTypeDefinition(ScalarTypeDefinitionNode)
    case objectTypeDefinition(ObjectTypeDefinitionNode)
    case fieldDefinition(FieldDefinitionNode)
    case inputValueDefinition(InputValueDefinitionNode)
    case interfaceTypeDefinition(InterfaceTypeDefinitionNode)
    case unionTypeDefinition(UnionTypeDefinitionNode)
    case enumTypeDefinition(EnumTypeDefinitionNode)
    case enumValueDefinition(EnumValueDefinitionNode)
    case inputObjectTypeDefinition(InputObjectTypeDefinitionNode)
    case directiveDefinition(DirectiveDefinitionNode)
    case schemaExtension(SchemaExtensionNode)
    case scalarTypeExtension(ScalarTypeExtensionNode)
    case objectTypeExtension(ObjectTypeExtensionNode)
    case interfaceTypeExtension(InterfaceTypeExtensionNode)
    case unionTypeExtension(UnionTypeExtensionNode)
    case enumTypeExtension(EnumTypeExtensionNode)
    case inputObjectTypeExtension(InputObjectTypeExtensionNode)

    /// The node for a definition.
    package init(_ definition: DefinitionNode) {
        switch definition {
        case .operation(let node): self = .operationDefinition(node)
        case .fragment(let node): self = .fragmentDefinition(node)
        case .schema(let node): self = .schemaDefinition(node)
        case .directive(let node): self = .directiveDefinition(node)
        case .schemaExtension(let node): self = .schemaExtension(node)
        case .type(.scalar(let node)): self = .scalarTypeDefinition(node)
        case .type(.object(let node)): self = .objectTypeDefinition(node)
        case .type(.interface(let node)): self = .interfaceTypeDefinition(node)
        case .type(.union(let node)): self = .unionTypeDefinition(node)
        case .type(.enum(let node)): self = .enumTypeDefinition(node)
        case .type(.inputObject(let node)): self = .inputObjectTypeDefinition(node)
        case .typeExtension(.scalar(let node)): self = .scalarTypeExtension(node)
        case .typeExtension(.object(let node)): self = .objectTypeExtension(node)
        case .typeExtension(.interface(let node)): self = .interfaceTypeExtension(node)
        case .typeExtension(.union(let node)): self = .unionTypeExtension(node)
        case .typeExtension(.enum(let node)): self = .enumTypeExtension(node)
        case .typeExtension(.inputObject(let node)): self = .inputObjectTypeExtension(node)
        }
    }

    /// The node for a selection.
    package init(_ selection: SelectionNode) {
        switch selection {
        case .field(let node): self = .field(node)
        case .fragmentSpread(let node): self = .fragmentSpread(node)
        case .inlineFragment(let node): self = .inlineFragment(node)
        }
    }

    /// The node for a value.
    package init(_ value: ValueNode) {
        switch value {
        case .variable(let node): self = .variable(node)
        case .int(let node): self = .intValue(node)
        case .float(let node): self = .floatValue(node)
        case .string(let node): self = .stringValue(node)
        case .boolean(let node): self = .booleanValue(node)
        case .null(let node): self = .nullValue(node)
        case .enum(let node): self = .enumValue(node)
        case .list(let node): self = .listValue(node)
        case .object(let node): self = .objectValue(node)
        }
    }

    /// The node for a type reference.
    package init(_ type: TypeNode) {
        switch type {
        case .named(let node): self = .namedType(node)
        case .list(let node): self = .listType(node)
        case .nonNull(let node): self = .nonNullType(node)
        }
    }

    /// The value, when the node is one.
    package var value: ValueNode? {
        switch self {
        case .variable(let node): .variable(node)
        case .intValue(let node): .int(node)
        case .floatValue(let node): .float(node)
        case .stringValue(let node): .string(node)
        case .booleanValue(let node): .boolean(node)
        case .nullValue(let node): .null(node)
        case .enumValue(let node): .enum(node)
        case .listValue(let node): .list(node)
        case .objectValue(let node): .object(node)
        default: nil
        }
    }
}
