/// The nodes of a connection's edges, in order, null edges and null nodes left out: what a
/// generated connection type's `nodes` reads (Relay's `edges.map(edge => edge.node)`).
/// - Parameters:
///   - edges: the connection's `edges`, as generated code reads them.
///   - node: reads an edge's `node`.
@_spi(Generated) public func connectionNodes<Edge, Node>(_ edges: [Edge?]?, _ node: (Edge) -> Node?) -> [Node] {
    (edges ?? []).compactMap { $0.flatMap(node) }
}

/// The nodes of a connection's edges, when no edge may be null; as the other overload.
/// - Parameters:
///   - edges: the connection's `edges`, as generated code reads them.
///   - node: reads an edge's `node`.
@_spi(Generated) public func connectionNodes<Edge, Node>(_ edges: [Edge]?, _ node: (Edge) -> Node?) -> [Node] {
    (edges ?? []).compactMap(node)
}
