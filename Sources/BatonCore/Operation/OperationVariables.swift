/// The variables of an operation, encoded as the JSON object a request sends.
///
/// Generated `Variables` structs conform. A variable whose value is ``Nullable/absent`` is left
/// out of ``json``; ``Nullable/null`` is sent as `null`: the server treats the two differently.
public protocol OperationVariables: Sendable {
    /// The variables as a JSON object, absent ones left out.
    var json: JSONObject { get }
}

/// The variables of an operation that declares none.
public struct NoVariables: OperationVariables, Hashable {
    /// No variables.
    public init() {}

    /// An empty object.
    public var json: JSONObject { JSONObject() }
}
