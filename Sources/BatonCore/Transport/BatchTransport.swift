/// A transport that can send several operations as one request: a JSON array of requests in one
/// POST, answered by an array of responses in the same order, as Apollo Server, graphql-java,
/// Strawberry and others serve when batching is turned on. ``BatchingTransport`` groups operations
/// for it; the built-in HTTP transports conform.
///
/// ## What an implementation must do
/// - Send every request of `requests` in one exchange, each as it would send it alone (its
///   `query` or document id, variables, extensions), with the header fields they share (the
///   first request's: a batch is made only of requests with the same header fields).
/// - Return the answer's elements in order, as they came: the batching transport checks that there
///   is one per request and reads each as a response.
/// - Throw what failed the exchange (its own error, a ``TransportError`` for a status outside 2xx,
///   ``Failure/malformed(_:)`` for a body that is not a JSON array): every request of the batch
///   fails with it.
public protocol BatchTransport: Transport {
    /// Whether `request` may go in a batch: `false` for what this transport sends otherwise than
    /// by POST (a query it sends by GET).
    /// - Parameter request: a query or mutation.
    func canBatch(_ request: GraphQLRequest) -> Bool

    /// Sends `requests` as one batch.
    /// - Parameter requests: the operations, in order.
    /// - Returns: the answer's elements, in order.
    func sendBatch(_ requests: [GraphQLRequest]) async throws -> [JSONValue]
}
