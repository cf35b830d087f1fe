@_spi(Generated) import BatonCore

/// Adds to every `@connection` field what the runtime pages with, as Relay's connection
/// transform does: `edges { cursor node { __typename id } }` and
/// `pageInfo { endCursor hasNextPage startCursor hasPreviousPage }`, each only where the schema
/// has it, merged with what the document selects. A node gains its type's key fields: `id`, or
/// those `baton.json`'s `cacheKeys` names where one list keys every type the node may be.
///
/// A field the document selects under its own name, unconditionally, is not added again (what
/// it selects below is completed instead); one it selects only under an alias or under
/// `@include`/`@skip` is added plainly beside it. Each field added carries ``marker``, which
/// planning reads as ``PlanField/isHidden`` (stored, out of the typed data) and which the text
/// sent leaves out. A response key another field already answers takes `__baton_<name>`.
///
/// Runs after ``TypenameInsertion``, whose `__typename` counts as selected. Recursion follows
/// the document's nesting, which the parser bounds.
struct ConnectionFieldInsertion {
    let schema: Schema
    /// The key fields per concrete type (`cacheKeys`, resolved).
    var keys: CacheKeys = .default

    /// The directive marking a field the compiler added: planned as hidden, never sent.
    static let marker = "__batonHidden"

    /// What each connection's `pageInfo` gains, in this order, where the schema has it.
    static let pageInfoFields = ["endCursor", "hasNextPage", "startCursor", "hasPreviousPage"]

    /// The operation with its connection fields completed; `typenameKey` is the key its
    /// `__typename` goes under (``TypenameKeys``).
    func apply(to operation: OperationDefinitionNode, typenameKey: String) -> OperationDefinitionNode {
        var operation = operation
        guard let root = schema.rootTypeName(for: operation.operation) else { return operation }
        operation.selectionSet = apply(to: operation.selectionSet, parent: root, typenameKey: typenameKey)
        return operation
    }

    /// The fragment with its connection fields completed.
    func apply(to fragment: FragmentDefinitionNode, typenameKey: String) -> FragmentDefinitionNode {
        var fragment = fragment
        fragment.selectionSet = apply(
            to: fragment.selectionSet, parent: fragment.typeCondition.name.value, typenameKey: typenameKey)
        return fragment
    }

    private func apply(to set: SelectionSetNode, parent: String, typenameKey: String) -> SelectionSetNode {
        var set = set
        set.selections = set.selections.map { selection in
            switch selection {
            case .field(var field):
                guard var selectionSet = field.selectionSet,
                    let type = schema.field(named: field.name.value, on: parent)?.type.namedType
                else { return selection }
                selectionSet = apply(to: selectionSet, parent: type, typenameKey: typenameKey)
                if field.directives.named("connection") != nil {
                    selectionSet = completed(connection: selectionSet, type: type, typenameKey: typenameKey)
                }
                field.selectionSet = selectionSet
                return .field(field)
            case .inlineFragment(var fragment):
                let type = fragment.typeCondition?.name.value ?? parent
                fragment.selectionSet = apply(to: fragment.selectionSet, parent: type, typenameKey: typenameKey)
                return .inlineFragment(fragment)
            case .fragmentSpread:
                return selection
            }
        }
        return set
    }

    /// A connection's selections with `edges` and `pageInfo` completed.
    private func completed(connection set: SelectionSetNode, type: String, typenameKey: String) -> SelectionSetNode {
        var set = set
        ensure("edges", in: &set, on: type) { edges, edgeType in
            ensure("cursor", in: &edges, on: edgeType)
            ensure("node", in: &edges, on: edgeType) { node, nodeType in
                ensure("__typename", in: &node, on: nodeType, key: typenameKey)
                for name in keyFields(of: nodeType) { ensure(name, in: &node, on: nodeType) }
            }
        }
        ensure("pageInfo", in: &set, on: type) { pageInfo, pageInfoType in
            for name in Self.pageInfoFields { ensure(name, in: &pageInfo, on: pageInfoType) }
        }
        return set
    }

    /// The fields that key every object a field of `type` may hold, so a page's nodes are told
    /// apart by their records: one type's key, or the key all of an abstract type's possible
    /// types share. Types keyed differently fall back to `id` where `type` has it, and their
    /// edges are told apart by cursor unless the document selects their keys.
    private func keyFields(of type: String) -> [String] {
        let lists = Set(schema.possibleTypes(of: type).map { keys.keyFields(of: $0.name) })
        guard lists.count == 1, let fields = lists.first else { return ["id"] }
        return fields
    }

    /// Makes `set`, on objects of `type`, select the field `name` under `key` (its name by
    /// default) unconditionally, adding it hidden when it does not; `below` completes what it
    /// selects on its own type. Nothing is added for a field the type lacks.
    private func ensure(
        _ name: String, in set: inout SelectionSetNode, on type: String, key: String? = nil,
        below: ((inout SelectionSetNode, String) -> Void)? = nil
    ) {
        let key = key ?? name
        guard let fieldType = schema.field(named: name, on: type)?.type.namedType else { return }
        if let index = set.selections.firstIndex(where: { Self.selectsPlainly($0, name: name, key: key) }) {
            guard let below, case .field(var field) = set.selections[index], var selections = field.selectionSet else { return }
            below(&selections, fieldType)
            field.selectionSet = selections
            set.selections[index] = .field(field)
            return
        }
        var selections: SelectionSetNode?
        if let below {
            var added = SelectionSetNode(selections: [])
            below(&added, fieldType)
            selections = added
        }
        let responseKey = Self.claims(set, key: key, besides: name) ? Self.unusedKey(for: name, in: set) : key
        set.selections.append(
            .field(
                FieldNode(
                    alias: responseKey == name ? nil : NameNode(responseKey), name: NameNode(name),
                    directives: [DirectiveNode(name: NameNode(Self.marker))], selectionSet: selections)))
    }

    /// Whether `selection` is the field `name`, under `key`, with no arguments and no condition.
    private static func selectsPlainly(_ selection: SelectionNode, name: String, key: String) -> Bool {
        guard case .field(let field) = selection else { return false }
        return field.name.value == name && (field.alias?.value ?? name) == key && field.arguments.isEmpty
            && DirectiveReading.inclusion(field.directives) == .always
    }

    /// Whether a field of `set` (or of its inline fragments) other than `name` without
    /// arguments answers under `key`, which `name` added there would conflict with.
    private static func claims(_ set: SelectionSetNode, key: String, besides name: String?) -> Bool {
        set.selections.contains { selection in
            switch selection {
            case .field(let field):
                return (field.alias?.value ?? field.name.value) == key
                    && (field.name.value != name || !field.arguments.isEmpty)
            case .inlineFragment(let fragment): return claims(fragment.selectionSet, key: key, besides: name)
            case .fragmentSpread: return false
            }
        }
    }

    /// The first of `__baton_<name>`, `__baton_<name>2`, … that no field of `set` answers under.
    private static func unusedKey(for name: String, in set: SelectionSetNode) -> String {
        let base = "__baton_" + name
        if !claims(set, key: base, besides: nil) { return base }
        var number = 2
        while claims(set, key: "\(base)\(number)", besides: nil) { number += 1 }
        return "\(base)\(number)"
    }
}
