/// The nodes of a connection's edges, in order, null edges and null nodes left out: what a
/// generated connection type's `nodes` reads (Relay's `edges.map(edge => edge.node)`).
/// - Parameters:
///   - edges: the connection's `edges`, as generated code reads them.
///   - node: reads an edge's `node`.
@inlinable
@_spi(Generated) public func connectionNodes<Edge, Node>(_ edges: [Edge?]?, _ node: (Edge) -> Node?) -> [Node] {
    // Inlinable, so the generated code's call is specialized to its types: a list read node by
    // node looks no generic metadata up per element.
    var nodes: [Node] = []
    nodes.reserveCapacity(edges?.count ?? 0)
    for case let edge? in edges ?? [] {
        if let found = node(edge) { nodes.append(found) }
    }
    return nodes
}

/// The nodes of a connection's edges, when no edge may be null; as the other overload.
/// - Parameters:
///   - edges: the connection's `edges`, as generated code reads them.
///   - node: reads an edge's `node`.
@inlinable
@_spi(Generated) public func connectionNodes<Edge, Node>(_ edges: [Edge]?, _ node: (Edge) -> Node?) -> [Node] {
    var nodes: [Node] = []
    nodes.reserveCapacity(edges?.count ?? 0)
    for edge in edges ?? [] {
        if let found = node(edge) { nodes.append(found) }
    }
    return nodes
}

extension DataObject {
    /// Where the sum of the loads `forEachConnectionNode` makes would go, were it ever `.min`.
    nonisolated(unsafe) private static var lastTouched = 0

    /// The nodes of the connection this object is, as `connectionNodes(edges) { $0.node }` reads
    /// them, found by walking what the read from records followed under `edges` and each edge's
    /// `node` with no edge object built in between; `nil` when that walk cannot stand for the
    /// full read (data from a response, field errors, a null or absent edge or node, a key not
    /// alone), which the caller then runs, with its events.
    /// - Parameters:
    ///   - edges: the response key of the connection's `edges`.
    ///   - node: the response key of an edge's `node`.
    ///   - type: the node's selection set type.
    @inlinable
    @_spi(Generated) public func connectionNodes<T: SelectionSet>(_ edges: String, _ node: String, _ type: T.Type) -> [T]? {
        var nodes: [T] = []
        let walked = forEachConnectionNode(
            edges: edges, node: node, reserving: { nodes.reserveCapacity($0) }, { nodes.append(T(__data: $0)) })
        return walked ? nodes : nil
    }

    /// Calls `body` with the object of every edge's node, in order, after `reserving` with how
    /// many edges there are, as ``connectionNodes(_:_:_:)`` finds them. - Returns: `false` when
    /// the walk cannot stand for the full read (what `body` was given is then to be dropped).
    @usableFromInline func forEachConnectionNode(
        edges: String, node: String, reserving: (Int) -> Void, _ body: (DataObject) -> Void
    ) -> Bool {
        guard case .list(let elements)? = followed(edges), let own = inner ?? storage.node else { return false }
        reserving(elements.count)
        // Every edge is read by the same selections, nearly always: `node`'s entry is looked up
        // once for them, not once per edge.
        var nodeEntry: (edge: ReadNode, index: Int)?
        var confirmedParent: ReadNode?
        var touched = 0
        defer {
            // Never so: the loads `touched` sums are made for what they bring into the cache.
            if touched == .min { Self.lastTouched = touched }
        }
        for (index, element) in elements.enumerated() {
            guard case .object(let edge) = element else { return false }
            if nodeEntry.map({ !edge.isRead(like: $0.edge) }) ?? true {
                guard let entry = edge.directEntry(node) else { return false }
                nodeEntry = (edge, entry)
            }
            guard let entry = nodeEntry?.index, case .object(let found)? = edge.followedDirect(at: entry) else { return false }
            // The memory the caller's reads of the node's fields touch, loaded here, where the
            // loads of many nodes overlap, not one by one in the caller's loop.
            touched &+= found.touchFields()
            let indices = ListIndices.none.appending(index)
            // Both steps as `child(_:key:indices:)` takes them; the edge object is built only
            // when its node is not one the walk reached below this object's own.
            if edge.isChild(of: own, at: indices, confirmed: &confirmedParent), found.isChild(of: edge, at: .none) {
                body(DataObject(storage: storage, inner: found))
            } else {
                body(child(edge, key: edges, indices: indices).child(found, key: node, indices: .none))
            }
        }
        return true
    }
}
