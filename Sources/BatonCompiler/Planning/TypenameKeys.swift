/// The response key of the `__typename` Baton adds to abstract selection sets, for each
/// operation and fragment: `__typename`, unless a field other than `__typename` is answered
/// under that key (`__typename: id`), where a second field under it would conflict and the
/// server would reject the document; then the first of `__baton_typename`,
/// `__baton_typename2`, … that no field uses.
///
/// Definitions that share fragments share one key, so a fragment's key is the key of every
/// operation that spreads it, and one key reads the typename of every object of a response.
struct TypenameKeys {
    /// The key when nothing claims it: the meta-field's own name.
    static let plain = "__typename"

    private var operationKeys: [Int: String] = [:]
    private var fragmentKeys: [String: String] = [:]

    /// The keys of `operations` (by their index) and `fragments` (by name).
    init(operations: [OperationDefinitionNode], fragments: [String: FragmentDefinitionNode]) {
        var groups = Groups()
        for (index, operation) in operations.enumerated() {
            for name in FragmentDependencies.names(in: operation.selectionSet, fragments: fragments) {
                groups.join(.operation(index), .fragment(name))
            }
        }
        for (name, fragment) in fragments {
            groups.join(.fragment(name), .fragment(name))
            for used in FragmentDependencies.names(in: fragment.selectionSet, fragments: fragments) {
                groups.join(.fragment(name), .fragment(used))
            }
        }
        var members: [Definition: [Definition]] = [:]
        for index in operations.indices { members[groups.root(of: .operation(index)), default: []].append(.operation(index)) }
        for name in fragments.keys { members[groups.root(of: .fragment(name)), default: []].append(.fragment(name)) }
        for group in members.values {
            var fields = Fields()
            for definition in group {
                switch definition {
                case .operation(let index): fields.collect(operations[index].selectionSet)
                case .fragment(let name): fragments[name].map { fields.collect($0.selectionSet) }
                }
            }
            let key = fields.claimsPlainKey ? Self.unused(fields.responseKeys) : Self.plain
            for definition in group {
                switch definition {
                case .operation(let index): operationKeys[index] = key
                case .fragment(let name): fragmentKeys[name] = key
                }
            }
        }
    }

    /// The key of the operation at `index` in the list the keys were made from.
    func key(ofOperationAt index: Int) -> String { operationKeys[index] ?? Self.plain }

    /// The key of the fragment named `name`.
    func key(ofFragment name: String) -> String { fragmentKeys[name] ?? Self.plain }

    /// The first of `__baton_typename`, `__baton_typename2`, … not in `used`.
    private static func unused(_ used: Set<String>) -> String {
        let base = "__baton_typename"
        if !used.contains(base) { return base }
        var number = 2
        while used.contains("\(base)\(number)") { number += 1 }
        return "\(base)\(number)"
    }

    private enum Definition: Hashable {
        case operation(Int)
        case fragment(String)
    }

    /// Definitions joined by the fragments they share (union–find).
    private struct Groups {
        private var parents: [Definition: Definition] = [:]

        mutating func root(of definition: Definition) -> Definition {
            var current = definition
            while let parent = parents[current], parent != current { current = parent }
            parents[definition] = current
            return current
        }

        mutating func join(_ first: Definition, _ second: Definition) {
            let (a, b) = (root(of: first), root(of: second))
            parents[a] = a
            if a != b { parents[b] = a }
        }
    }

    /// The response keys of every field in a group's selection sets.
    private struct Fields {
        private(set) var responseKeys: Set<String> = []
        /// Whether a field other than `__typename` is answered under `__typename`.
        private(set) var claimsPlainKey = false

        mutating func collect(_ set: SelectionSetNode) {
            var pending = set.selections
            while let selection = pending.popLast() {
                switch selection {
                case .field(let field):
                    let key = field.alias?.value ?? field.name.value
                    responseKeys.insert(key)
                    if key == TypenameKeys.plain, field.name.value != TypenameKeys.plain { claimsPlainKey = true }
                    if let child = field.selectionSet { pending.append(contentsOf: child.selections) }
                case .inlineFragment(let fragment):
                    pending.append(contentsOf: fragment.selectionSet.selections)
                case .fragmentSpread:
                    break  // the fragment's own fields are collected with it, in the same group
                }
            }
        }
    }
}
