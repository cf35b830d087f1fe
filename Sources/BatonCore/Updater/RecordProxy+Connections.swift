/// Connections as an updater changes them, with Relay's `ConnectionHandler` names: find a
/// connection under its parent, insert an edge, remove a node. The edges go in as the edge
/// directives put them (``ListUpdates``): each under the connection's ID for its node, never
/// twice for one node.
///
/// ```swift
/// try environment.commitUpdate { store in
///     guard let feed = store[RecordID("Feed:1")],
///         let posts = feed.connection(key: "Feed_posts", filters: ["tag": "odd"]),
///         let post = store[RecordID("Post:9")]
///     else { return }
///     posts.insertEdgeAfter(store.createEdge(in: posts, node: post, edgeTypeName: "PostEdge"))
///     posts.deleteNode(RecordID("Post:3"))
/// }
/// ```
extension RecordProxy {
    /// The connection record this parent holds for `@connection(key:)` with these filter
    /// values (Relay's `ConnectionHandler.getConnection(record, key, filters)`); `nil` when the
    /// store holds none.
    /// - Parameters:
    ///   - key: The `key` of the field's `@connection`.
    ///   - filters: The values of the arguments that tell one connection from another.
    public func connection(key: String, filters: JSONObject = [:]) -> RecordProxy? {
        linkedRecord("__\(key)_connection", arguments: filters)
    }

    /// Inserts `edge` into this connection after the edge with `cursor`, or last without one
    /// (Relay's `ConnectionHandler.insertEdgeAfter`); nothing when the connection holds the
    /// edge's node already.
    /// - Parameters:
    ///   - edge: An edge record linking its `node` (``RecordStoreProxy/createEdge(in:node:edgeTypeName:)``).
    ///   - cursor: The cursor of the edge it goes after.
    public func insertEdgeAfter(_ edge: RecordProxy, cursor: String? = nil) {
        insert(edge, at: cursor.map { .after(cursor: $0) } ?? .end)
    }

    /// Inserts `edge` into this connection before the edge with `cursor`, or first without one
    /// (Relay's `ConnectionHandler.insertEdgeBefore`); nothing when the connection holds the
    /// edge's node already.
    /// - Parameters:
    ///   - edge: An edge record linking its `node`.
    ///   - cursor: The cursor of the edge it goes before.
    public func insertEdgeBefore(_ edge: RecordProxy, cursor: String? = nil) {
        insert(edge, at: cursor.map { .before(cursor: $0) } ?? .start)
    }

    /// Removes from this connection every edge whose node is `node` (Relay's
    /// `ConnectionHandler.deleteNode`); the node's record stays in the store.
    /// - Parameter node: The node's record ID.
    public func deleteNode(_ node: RecordID) {
        guard let connection = store.current(id),
            let kept = ListUpdates.removing(from: connection, nodes: { $0 == node }, records: store.current)
        else { return }
        store.put(kept)
    }

    private func insert(_ edge: RecordProxy, at position: ListUpdates.EdgePosition) {
        guard let connection = store.current(id), let edgeRecord = store.current(edge.id),
            let inserted = ListUpdates.inserting([edgeRecord], into: connection, at: position, records: store.current)
        else { return }
        for record in inserted.edges { store.put(record) }
        store.put(inserted.connection)
    }
}

extension RecordStoreProxy {
    /// Creates an edge of type `edgeTypeName` linking `node`, under `connection`'s ID for the
    /// node, ready for ``RecordProxy/insertEdgeAfter(_:cursor:)`` (Relay's
    /// `ConnectionHandler.createEdge`); its cursor is null, as no page gave it one.
    /// - Parameters:
    ///   - connection: The connection the edge is for.
    ///   - node: The record the edge links to.
    ///   - edgeTypeName: The edge's `__typename` (`PostEdge`).
    /// - Returns: the edge.
    public func createEdge(in connection: RecordProxy, node: RecordProxy, edgeTypeName: String) -> RecordProxy {
        let edge = create(RecordID(connection.id.rawValue + ".edges:" + node.id.rawValue), typename: edgeTypeName)
        edge.setLinkedRecord(node, for: "node")
        edge.setValue(.null, for: "cursor")
        return edge
    }
}
