/// How the refetch query of a `@refetchable` fragment reaches the fragment's object (Relay's
/// three ways): the query root itself, `Query.viewer`, or `Query.node(id:)` for a type that
/// implements `Node`.
enum RefetchTarget: String, Sendable, Hashable {
    /// A fragment on the query type: `query Name { ...F }`.
    case query
    /// A fragment on the type of `Query.viewer`: `query Name { viewer { ...F } }`.
    case viewer
    /// A fragment on `Node` or a type implementing it: `query Name($id: ID!) { node(id: $id) { ...F } }`.
    case node

    /// How a fragment on `typeName` is refetched in `schema`; `nil` when it cannot be.
    static func of(_ typeName: String, in schema: Schema) -> RefetchTarget? {
        guard let query = schema.queryType else { return nil }
        if query.name == typeName { return .query }
        if let viewer = query.field(named: "viewer"), viewer.type.namedType == typeName { return .viewer }
        if let node = query.field(named: "node"), node.arguments.contains(where: { $0.name == "id" }),
            typeName == "Node" || schema.isSubType(typeName, of: "Node")
        {
            return .node
        }
        return nil
    }
}
