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
