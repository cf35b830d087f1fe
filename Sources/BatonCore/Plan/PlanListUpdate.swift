/// A Relay edge directive on a field of a mutation's or subscription's selection: how the
/// field's value changes the connections (or records) the store holds when the payload is
/// written, optimistic payloads included.
public enum PlanListUpdate: Sendable, Hashable {
    /// `@appendEdge(connections:)`: the field's edge (or edges) go last in each connection.
    case appendEdge(connections: PlanValue)
    /// `@prependEdge(connections:)`: the field's edge (or edges) go first in each connection.
    case prependEdge(connections: PlanValue)
    /// `@appendNode(connections:edgeTypeName:)`: an edge of type `edgeTypeName` for the field's
    /// node (or nodes) goes last in each connection.
    case appendNode(connections: PlanValue, edgeTypeName: String)
    /// `@prependNode(connections:edgeTypeName:)`: as ``appendNode(connections:edgeTypeName:)``, first.
    case prependNode(connections: PlanValue, edgeTypeName: String)
    /// `@deleteEdge(connections:)`: the edges whose node has the field's ID (or IDs) leave each connection.
    case deleteEdge(connections: PlanValue)
    /// `@deleteRecord`: the record with the field's ID (or IDs) is deleted from the store; its
    /// type is one of `typenames`, the types whose objects have an `id`.
    case deleteRecord(typenames: [String])
}
