/// Removes the client's fields (``ClientSchemaExtensions``) from the text sent to the server,
/// which does not know them: each field the client's extensions define, with its selections.
/// A selection set left empty selects `__typename`, so the text stays valid.
struct ClientFieldStripping {
    let extensions: ClientSchemaExtensions

    /// The operation without client fields.
    func apply(to operation: OperationDefinitionNode) -> OperationDefinitionNode {
        guard !extensions.clientFields.isEmpty, let root = extensions.schema.rootTypeName(for: operation.operation) else {
            return operation
        }
        var operation = operation
        operation.selectionSet = apply(to: operation.selectionSet, parent: root)
        return operation
    }

    /// The fragment without client fields.
    func apply(to fragment: FragmentDefinitionNode) -> FragmentDefinitionNode {
        guard !extensions.clientFields.isEmpty else { return fragment }
        var fragment = fragment
        fragment.selectionSet = apply(to: fragment.selectionSet, parent: fragment.typeCondition.name.value)
        return fragment
    }

    /// Recursion follows the document's nesting, which the parser bounds.
    private func apply(to set: SelectionSetNode, parent: String) -> SelectionSetNode {
        var set = set
        set.selections = set.selections.compactMap { selection -> SelectionNode? in
            switch selection {
            case .field(var field):
                if extensions.isClientField(field.name.value, on: parent) { return nil }
                if let child = field.selectionSet,
                    let type = extensions.schema.field(named: field.name.value, on: parent)?.type.namedType
                {
                    field.selectionSet = apply(to: child, parent: type)
                }
                return .field(field)
            case .inlineFragment(var fragment):
                let type = fragment.typeCondition?.name.value ?? parent
                fragment.selectionSet = apply(to: fragment.selectionSet, parent: type)
                return .inlineFragment(fragment)
            case .fragmentSpread:
                return selection
            }
        }
        if set.selections.isEmpty {
            set.selections = [.field(FieldNode(name: NameNode(TypenameKeys.plain)))]
        }
        return set
    }
}
