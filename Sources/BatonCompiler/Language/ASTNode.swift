/// Any node of the AST, for code that walks the tree: one case per kind of node, as graphql-js's
/// `Kind` lists them (names and descriptions are reached through their parents, not visited alone).
public enum ASTNode: Sendable, Hashable {
    /// A whole document: its definitions.
    case document(DocumentNode)
    /// An operation: `query`, `mutation` or `subscription`, with its variables and selections.
    case operationDefinition(OperationDefinitionNode)
    /// A variable an operation declares: `$id: ID! = 1`.
    case variableDefinition(VariableDefinitionNode)
    /// A selection set: `{ … }`.
    case selectionSet(SelectionSetNode)
    /// A field of a selection.
    case field(FieldNode)
    /// An argument of a field or directive: `name: value`.
    case argument(ArgumentNode)
    /// A spread of a named fragment: `...Name`.
    case fragmentSpread(FragmentSpreadNode)
    /// An inline fragment: `... on Type { … }`.
    case inlineFragment(InlineFragmentNode)
    /// A named fragment: `fragment Name on Type { … }`.
    case fragmentDefinition(FragmentDefinitionNode)
    /// A variable used as a value: `$name`.
    case variable(VariableNode)
    /// An integer value.
    case intValue(IntValueNode)
    /// A float value.
    case floatValue(FloatValueNode)
    /// A string value.
    case stringValue(StringValueNode)
    /// A boolean value.
    case booleanValue(BooleanValueNode)
    /// `null`.
    case nullValue(NullValueNode)
    /// An enum value.
    case enumValue(EnumValueNode)
    /// A list value: `[…]`.
    case listValue(ListValueNode)
    /// An input object value: `{ … }`.
    case objectValue(ObjectValueNode)
    /// One field of an input object value: `name: value`.
    case objectField(ObjectFieldNode)
    /// A directive applied: `@name(…)`.
    case directive(DirectiveNode)
    /// A type by name.
    case namedType(NamedTypeNode)
    /// A list type: `[Type]`.
    case listType(ListTypeNode)
    /// A non-null type: `Type!`.
    case nonNullType(NonNullTypeNode)
    /// A schema definition: `schema { … }`.
    case schemaDefinition(SchemaDefinitionNode)
    /// One root operation type of a schema definition: `query: Query`.
    case operationTypeDefinition(OperationTypeDefinitionNode)
    /// A scalar type definition.
    case scalarTypeDefinition(ScalarTypeDefinitionNode)
    /// An object type definition.
    case objectTypeDefinition(ObjectTypeDefinitionNode)
    /// A field definition of an object or interface type.
    case fieldDefinition(FieldDefinitionNode)
    /// An argument or input field definition.
    case inputValueDefinition(InputValueDefinitionNode)
    /// An interface type definition.
    case interfaceTypeDefinition(InterfaceTypeDefinitionNode)
    /// A union type definition.
    case unionTypeDefinition(UnionTypeDefinitionNode)
    /// An enum type definition.
    case enumTypeDefinition(EnumTypeDefinitionNode)
    /// A value of an enum type definition.
    case enumValueDefinition(EnumValueDefinitionNode)
    /// An input object type definition.
    case inputObjectTypeDefinition(InputObjectTypeDefinitionNode)
    /// A directive definition.
    case directiveDefinition(DirectiveDefinitionNode)
    /// A schema extension.
    case schemaExtension(SchemaExtensionNode)
    /// A scalar type extension.
    case scalarTypeExtension(ScalarTypeExtensionNode)
    /// An object type extension.
    case objectTypeExtension(ObjectTypeExtensionNode)
    /// An interface type extension.
    case interfaceTypeExtension(InterfaceTypeExtensionNode)
    /// A union type extension.
    case unionTypeExtension(UnionTypeExtensionNode)
    /// An enum type extension.
    case enumTypeExtension(EnumTypeExtensionNode)
    /// An input object type extension.
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
