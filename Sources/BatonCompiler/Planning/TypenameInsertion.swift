/// Adds `__typename` to every selection set on an interface or union that does not select it,
/// so the reader can match type conditions on what the server sends (as Relay and Apollo do).
///
/// Inline fragments share their parent's object, so only the selection sets of fields,
/// operations and fragment definitions get one. Recursion follows the document's nesting,
/// which the parser bounds.
struct TypenameInsertion {
    let schema: Schema

    /// The operation with `__typename` added where its types are abstract.
    func apply(to operation: OperationDefinitionNode) -> OperationDefinitionNode {
        var operation = operation
        let root = schema.rootTypeName(for: operation.operation)
        operation.selectionSet = apply(to: operation.selectionSet, parent: root, isObjectSelection: true)
        return operation
    }

    /// The fragment with `__typename` added where its types are abstract.
    func apply(to fragment: FragmentDefinitionNode) -> FragmentDefinitionNode {
        var fragment = fragment
        fragment.selectionSet = apply(
            to: fragment.selectionSet, parent: fragment.typeCondition.name.value, isObjectSelection: true)
        return fragment
    }

    private func apply(to set: SelectionSetNode, parent: String?, isObjectSelection: Bool) -> SelectionSetNode {
        var set = set
        set.selections = set.selections.map { selection in
            switch selection {
            case .field(var field):
                guard let selectionSet = field.selectionSet else { return selection }
                let type = parent.flatMap { schema.field(named: field.name.value, on: $0) }?.type.namedType
                field.selectionSet = apply(to: selectionSet, parent: type, isObjectSelection: true)
                return .field(field)
            case .inlineFragment(var fragment):
                let type = fragment.typeCondition?.name.value ?? parent
                fragment.selectionSet = apply(to: fragment.selectionSet, parent: type, isObjectSelection: false)
                return .inlineFragment(fragment)
            case .fragmentSpread:
                return selection
            }
        }
        if isObjectSelection, let parent, schema.type(named: parent)?.isAbstractType == true,
            !selectsTypename(set)
        {
            set.selections.insert(.field(FieldNode(name: NameNode("__typename"))), at: 0)
        }
        return set
    }

    /// Whether the set selects `__typename` under its own name, unconditionally.
    private func selectsTypename(_ set: SelectionSetNode) -> Bool {
        set.selections.contains {
            if case .field(let field) = $0 {
                return field.name.value == "__typename" && field.alias == nil && field.directives.isEmpty
            }
            return false
        }
    }
}
