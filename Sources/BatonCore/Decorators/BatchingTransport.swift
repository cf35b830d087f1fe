/// A transport that sends the queries and mutations issued within a short window as one batch: a
/// JSON array of requests in one POST, each answer routed back to its operation in order
/// (`"batch": {"maxSize": 10, "windowMs": 10}`). A decorator, so any transport that can send a
/// batch (``BatchTransport``: the built-in HTTP transports, or an app's own) gets it; through any
/// other, each request goes alone.
///
/// - A batch is sent when `window` has passed since its first request, or at once when it holds
///   `maxSize`; the next request starts another. Only requests with the same header fields and
///   timeout share a batch.
/// - Sent alone: subscriptions, a document with `@defer` or `@stream`, uploads, a request that
///   opts out (``GraphQLRequest/allowsBatching``, a mutation's `allowsBatching: false`), an
///   operation named in `excluding` (`"exclude"` in `baton.json`, for a query that should never
///   wait on a batch), and what the inner transport does not send by POST (a query by GET).
/// - A failure of the batch's exchange fails every operation in it with that error, unchanged; an
///   answer that is not a list of one response per request is ``Failure/malformed(_:)`` for each.
/// - Each batch sent is a `batch.sent` event with its size.
///
/// ```swift
/// let transport = BatchingTransport(CurlTransport(endpoint: url), maxSize: 10, window: .milliseconds(10))
/// ```
public struct BatchingTransport: Transport, PayloadTransport {
    /// The transport the requests go through.
    public let inner: any Transport
    /// The most requests in one batch.
    public var maxSize: Int { queue.maxSize }
    /// How long a batch waits for more requests after its first.
    public var window: Duration { queue.window }
    /// The operations always sent alone, by name.
    public let excludedOperations: Set<String>
    private let queue: BatchQueue

    /// A transport that gathers the requests of one window into batches sent through `inner`.
    /// - Parameters:
    ///   - inner: the transport the requests go through; batches are sent only when it is a ``BatchTransport``.
    ///   - maxSize: the most requests in one batch (at least 1).
    ///   - window: how long a batch waits for more requests after its first.
    ///   - events: where each batch sent is reported (`batch.sent`).
    ///   - excluding: the names of operations always sent alone.
    public init(
        _ inner: any Transport, maxSize: Int = 10, window: Duration = .milliseconds(10), events: any EventSink = MultiplexEventSink([]),
        excluding: Set<String> = []
    ) {
        self.inner = inner
        excludedOperations = excluding
        queue = BatchQueue(inner as? any BatchTransport, maxSize: max(1, maxSize), window: window, events: events)
    }

    /// Sends `request` in a batch, or alone when it cannot share one.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        responses(request)
    }

    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        guard let batcher = queue.batcher, Self.mayShareABatch(request), !excludedOperations.contains(request.operationName ?? ""),
            batcher.canBatch(request)
        else { return inner.payloads(request) }
        let sent = Locked(false)
        return AsyncThrowingStream(unfolding: { [queue] in
            // One answer, then the end.
            guard
                !sent.withLock({ sent in
                    defer { sent = true }
                    return sent
                })
            else { return nil }
            let answer = try await queue.submit(request)
            let response: GraphQLResponse
            do throws(IngestError) {
                response = try GraphQLResponse(json: answer)
            } catch {
                throw Failure.malformed(error)
            }
            // As an HTTP transport throws a single response of errors and no data.
            if let failure = response.resultFailure { throw failure }
            return .response(response)
        })
    }

    /// Whether `request` is of a kind that may share a batch: a query or mutation, without
    /// incremental delivery or uploads (a multipart body, which no batch can hold), that did not opt out.
    static func mayShareABatch(_ request: GraphQLRequest) -> Bool {
        request.allowsBatching && request.operationType != .subscription && request.uploads.isEmpty
            && !GraphQLHTTPEncoding.usesIncrementalDelivery(request.query)
    }
}
