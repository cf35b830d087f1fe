/// Sends GraphQL operations and streams back what the server answers: the seam every transport,
/// built-in or an app's own, plugs into.
///
/// ## What an implementation must do
/// - Send `request` and yield each response payload as it arrives, in order: one for a
///   single-result operation; several for incremental delivery (`@defer`, `@stream`) and for
///   subscriptions. Finish the stream when the server is done.
/// - Stop the exchange (close the connection, cancel the transfer, send `complete`) when the
///   consumer stops iterating or its task is cancelled: the stream's `onTermination` is the signal
///   (for a stream made with `init(unfolding:)`, the release of what its closure holds).
/// - Hold a bounded amount for a slow consumer: read from the network as the consumer asks for
///   payloads, not ahead of it without limit (the built-in HTTP transports read on demand and
///   pause the transfer when about 1 MiB of body waits).
/// - Be safe to call from any task at once.
///
/// ## What it may throw
/// - Its own errors, of any type: they reach the app unchanged, inside ``Failure/transport(_:)``.
/// - A ``Failure`` when it knows the kind: ``Failure/request(_:)`` for a response of errors and no
///   data, ``Failure/malformed(_:)`` (or an ``IngestError``) for a body that is not a response.
///
/// ## What it must never do
/// - Crash or trap on anything a server sends.
/// - Invent a payload: a body that ends early is an error, not a shorter response.
/// - Retry a mutation on its own.
public protocol Transport: Sendable {
    /// Sends one operation and streams the response payloads.
    /// - Parameter request: the operation, its variables and how to send it.
    /// - Returns: the payloads in the order they arrived; the stream throws when the exchange fails.
    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error>
}

extension Transport {
    /// Sends a single-result operation and returns its response, classified.
    ///
    /// A response with errors and no usable data (`data` absent or `null`) is a request error; a
    /// response with no usable data and no errors (`{}`, `{"data": null}`) is malformed. Payloads after the first (incremental
    /// delivery) are not read: the exchange stops after the first.
    /// - Throws: what the transport threw, classified as a ``Failure``; `CancellationError`
    ///   inside ``Failure/transport(_:)`` when the calling task was cancelled before a response.
    public func response(for request: GraphQLRequest) async throws(Failure) -> GraphQLResponse {
        var first: GraphQLResponse?
        do {
            for try await response in send(request) {
                first = response
                break
            }
        } catch {
            throw Failure(classifying: error)
        }
        guard let response = first else { throw Failure.noResult }
        if let failure = response.resultFailure { throw failure }
        return response
    }
}
