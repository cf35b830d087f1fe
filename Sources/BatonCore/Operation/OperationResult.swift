/// An operation's data with the errors the response carried beside it: what
/// ``Environment/mutate(_:optimisticResponse:optimisticUpdater:updater:headers:allowsRetry:allowsBatching:)-(_,JSONObject?,_,_,_,_,_)``
/// and ``Environment/fetch(_:policy:headers:)`` return, so a field the server refused (`data: {renameNote: null}` with a `REFUSED` error) says why.
///
/// The data's fields read through the result itself (`result.setNote.text`), as Apollo's
/// `GraphQLResult` and Relay's `(response, errors)` pair give them.
@dynamicMemberLookup
public struct OperationResult<Data: Sendable>: Sendable {
    /// The data, read as the operation's selection says.
    public var data: Data
    /// The field errors found beside their fields, then the operation's own, as
    /// ``OperationHandle/errors`` gives them.
    public var errors: [GraphQLError]

    /// A result of `data` with `errors`.
    /// - Parameters:
    ///   - data: The data.
    ///   - errors: The errors beside it.
    public init(data: Data, errors: [GraphQLError] = []) {
        self.data = data
        self.errors = errors
    }

    /// A field of the data.
    public subscript<Value>(dynamicMember field: KeyPath<Data, Value>) -> Value {
        data[keyPath: field]
    }
}
