/// A field as the conflict search sees it: its node, the type it is selected on and its definition.
struct CollectedField {
    let parentType: NamedType?
    let node: FieldNode
    let definition: Field?
    /// No arguments, no selections and no `@stream`: two such fields of one name and type never conflict.
    let isSimpleLeaf: Bool
    let stream: DirectiveNode?
}

/// The fields of a selection set and its inline fragments by response name, in order, and the
/// fragments it spreads, each once, in order. A class, so that it has an identity for the search's
/// memory of what it has compared.
final class CollectedFields {
    let id: Int
    let responseNames: [String]
    let fieldsByResponseName: [String: [CollectedField]]
    let spreads: [String]

    init(id: Int, responseNames: [String], fieldsByResponseName: [String: [CollectedField]], spreads: [String]) {
        self.id = id
        self.responseNames = responseNames
        self.fieldsByResponseName = fieldsByResponseName
        self.spreads = spreads
    }

    var isEmpty: Bool { responseNames.isEmpty }
}

struct CollectedFieldsKey: Hashable {
    let parentType: String?
    let selectionSet: SelectionSetKey
}

extension FieldConflictFinder {
    /// The fields and spreads of a selection set selected on `parentType`, collected once.
    func collectFields(_ parentType: NamedType?, _ selectionSet: SelectionSetNode) -> CollectedFields {
        let key = SelectionSetKey(selectionSet).map { CollectedFieldsKey(parentType: parentType?.name, selectionSet: $0) }
        if let key, let cached = collectedCache[key] { return cached }
        var responseNames: [String] = []
        var fields: [String: [CollectedField]] = [:]
        var spreads: [String] = []
        var seenSpreads: Set<String> = []
        // Inline fragments join the enclosing set; each pending set carries its own parent type.
        var pending: [(selections: [SelectionNode], next: Int, type: NamedType?)] = [(selectionSet.selections, 0, parentType)]
        while !pending.isEmpty {
            let top = pending.count - 1
            guard pending[top].next < pending[top].selections.count else {
                pending.removeLast()
                continue
            }
            let selection = pending[top].selections[pending[top].next]
            let type = pending[top].type
            pending[top].next += 1
            switch selection {
            case .field(let field):
                let stream = field.directives.named("stream")
                let collected = CollectedField(
                    parentType: type, node: field, definition: type?.field(named: field.name.value),
                    isSimpleLeaf: field.arguments.isEmpty && field.selectionSet == nil && stream == nil,
                    stream: stream)
                let responseName = field.responseKey
                if fields[responseName] == nil { responseNames.append(responseName) }
                fields[responseName, default: []].append(collected)
            case .fragmentSpread(let spread):
                if seenSpreads.insert(spread.name.value).inserted { spreads.append(spread.name.value) }
            case .inlineFragment(let fragment):
                let fragmentType = fragment.typeCondition.map { schema.type(named: $0.name.value) } ?? type
                pending.append((fragment.selectionSet.selections, 0, fragmentType))
            }
        }
        let collected = CollectedFields(
            id: nextCollectedID, responseNames: responseNames, fieldsByResponseName: fields, spreads: spreads)
        nextCollectedID += 1
        if let key { collectedCache[key] = collected }
        return collected
    }

    /// The fields and spreads of a fragment, selected on its type condition.
    func collectFields(of fragment: FragmentDefinitionNode) -> CollectedFields {
        collectFields(schema.type(named: fragment.typeCondition.name.value), fragment.selectionSet)
    }
}
