/// Adds `__typename` to every selection set on an interface or union that does not select it
/// under its definition's typename key (``TypenameKeys``), so the reader can match type
/// conditions on what the server sends (as Relay and Apollo do).
///
/// Inline fragments share their parent's object, so only the selection sets of fields,
/// operations and fragment definitions get one. Recursion follows the document's nesting,
/// which the parser bounds.
struct TypenameInsertion {
    let schema: Schema

    /// The operation with `__typename` added under `key` where its types are abstract.
    func apply(to operation: OperationDefinitionNode, key: String) -> OperationDefinitionNode {
        var operation = operation
        let root = schema.rootTypeName(for: operation.operation)
        operation.selectionSet = apply(to: operation.selectionSet, parent: root, isObjectSelection: true, key: key)
        return operation
    }

    /// The fragment with `__typename` added under `key` where its types are abstract.
    func apply(to fragment: FragmentDefinitionNode, key: String) -> FragmentDefinitionNode {
        var fragment = fragment
        fragment.selectionSet = apply(
            to: fragment.selectionSet, parent: fragment.typeCondition.name.value, isObjectSelection: true, key: key)
        return fragment
    }

    private func apply(to set: SelectionSetNode, parent: String?, isObjectSelection: Bool, key: String) -> SelectionSetNode {
        var set = set
        set.selections = set.selections.map { selection in
            switch selection {
            case .field(var field):
                guard let selectionSet = field.selectionSet else { return selection }
                let type = parent.flatMap { schema.field(named: field.name.value, on: $0) }?.type.namedType
                field.selectionSet = apply(to: selectionSet, parent: type, isObjectSelection: true, key: key)
                return .field(field)
            case .inlineFragment(var fragment):
                let type = fragment.typeCondition?.name.value ?? parent
                fragment.selectionSet = apply(to: fragment.selectionSet, parent: type, isObjectSelection: false, key: key)
                return .inlineFragment(fragment)
            case .fragmentSpread:
                return selection
            }
        }
        if isObjectSelection, let parent, schema.type(named: parent)?.isAbstractType == true,
            !selectsTypename(set, key: key)
        {
            let alias = key == TypenameKeys.plain ? nil : NameNode(key)
            set.selections.insert(.field(FieldNode(alias: alias, name: NameNode(TypenameKeys.plain))), at: 0)
        }
        return set
    }

    /// Whether the set selects `__typename` under `key`, unconditionally.
    private func selectsTypename(_ set: SelectionSetNode, key: String) -> Bool {
        set.selections.contains {
            if case .field(let field) = $0 {
                return field.name.value == TypenameKeys.plain && (field.alias?.value ?? field.name.value) == key
                    && field.directives.isEmpty
            }
            return false
        }
    }
}
