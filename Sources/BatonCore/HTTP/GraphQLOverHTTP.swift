import struct Foundation.URL

/// GraphQL over HTTP, shared by every HTTP transport so they send and classify alike: a
/// ``Transport`` that encodes operations for an ``GraphQLHTTPClient`` and decodes what it streams back.
///
/// **Sending** (GraphQL over HTTP §5): a POST with a JSON body, or a GET with URL parameters for
/// queries when ``HTTPTransportOptions/usesGETForQueries`` is set. `Accept` asks for
/// `application/graphql-response+json`; for a document with `@defer` or `@stream` also for
/// `multipart/mixed` incremental delivery; for a subscription for `text/event-stream`
/// (graphql-sse, distinct connections mode).
///
/// **Receiving**, one payload at a time as the bytes arrive:
/// - 1xx heads before the final one are skipped.
/// - 2xx with a JSON media type: the one response. A body that is not JSON, or JSON that is not
///   a GraphQL response, throws ``Failure/malformed(_:)``; one of errors without data throws
///   ``Failure/request(_:)``, and one of neither (`{"data": null}`) ``Failure/malformed(_:)``.
/// - 2xx `multipart/mixed`: each part as a payload as soon as it is complete, the first read as
///   a single response is (errors without data: ``Failure/request(_:)``). A body that ends
///   before the closing boundary or a payload with `hasNext: false` throws
///   ``Failure/malformed(_:)`` with code ``IngestError/Code/truncated``.
/// - 2xx `text/event-stream`: each `next` event's payload until `complete`. A `next` of errors
///   without `data` throws ``Failure/request(_:)`` (`"data": null` beside errors is one event
///   that failed at its root); a stream that ends without `complete` throws
///   ``Failure/malformed(_:)`` (truncated).
/// - 2xx of another media type throws ``Failure/malformed(_:)`` (``IngestError/Code/unsupportedMediaType``).
/// - 4xx `application/graphql-response+json` whose body is errors and no data throws
///   ``Failure/request(_:)`` with the server's errors.
/// - Any other status throws ``TransportError`` with the status and the body as text.
/// - An error the client throws passes through unchanged.
///
/// **Redirects** are followed here, not by the client, so every client follows them alike
/// (``HTTPTransportOptions/followsRedirects``): 307 and 308 repeat the request unchanged, 301,
/// 302 and 303 are followed by a GET only (a POST's is a ``TransportError`` with its status), and a
/// redirect to another origin sends no credentials (``HeaderField/isCredential``).
///
/// When the consumer stops iterating or its task is cancelled, the client's stream is stopped,
/// which stops the transfer.
public struct GraphQLOverHTTP: Transport {
    /// Where operations are sent.
    public let endpoint: URL
    /// What moves the bytes.
    public let client: any GraphQLHTTPClient
    /// How operations are sent.
    public let options: HTTPTransportOptions

    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint, e.g. `https://example.com/graphql`.
    ///   - client: what performs the HTTP exchanges.
    ///   - options: headers, GET for queries, default timeout, parse limits.
    public init(endpoint: URL, client: any GraphQLHTTPClient, options: HTTPTransportOptions = .init()) {
        self.endpoint = endpoint
        self.client = client
        self.options = options
    }

    /// The HTTP request this transport sends for `request`: method, URL, header fields, body
    /// and timeout. For logging and for tests; ``send(_:)`` uses it.
    /// - Parameter request: the operation.
    public func httpRequest(for request: GraphQLRequest) -> GraphQLHTTPRequest {
        GraphQLHTTPEncoding.request(for: request, endpoint: endpoint, options: options)
    }

    /// Sends one operation and streams the payloads as they arrive.
    /// - Parameter request: the operation, its variables and per-request headers and timeout.
    /// - Returns: the payloads in order. The stream throws a ``Failure`` when the response is a
    ///   request error or unreadable, a ``TransportError`` for a status outside 2xx, or the
    ///   client's own error, unchanged.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let httpRequest = httpRequest(for: request)
        let client = client
        let options = options
        return AsyncThrowingStream { continuation in
            let task = Task {
                await Self.run(httpRequest, client: client, options: options, into: continuation)
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Drives one exchange: feeds the client's events to the decoder and performs its actions,
    /// sending the request again where a redirect says (``HTTPRedirect``).
    private static func run(
        _ request: GraphQLHTTPRequest,
        client: any GraphQLHTTPClient,
        options: HTTPTransportOptions,
        into continuation: AsyncThrowingStream<GraphQLResponse, any Error>.Continuation
    ) async {
        var decoder = GraphQLHTTPDecoder(parseOptions: options.parseOptions)
        var current = request
        var redirectsLeft = options.followsRedirects ? max(0, options.maximumRedirects) : 0
        do {
            while true {
                var redirect: GraphQLHTTPRequest?
                // Leaving this loop drops the client's stream, which stops its transfer.
                for try await event in client.perform(current) {
                    if redirectsLeft > 0, decoder.isAwaitingHead, case .head(let head) = event,
                        let next = HTTPRedirect.request(after: head, to: current)
                    {
                        redirect = next
                        break
                    }
                    if perform(decoder.received(event), on: continuation) { return }
                }
                guard let redirect, !Task.isCancelled else { break }
                current = redirect
                redirectsLeft -= 1
            }
            if Task.isCancelled {
                continuation.finish()
                return
            }
            _ = perform(decoder.finished(), on: continuation)
        } catch {
            continuation.finish(throwing: error)
        }
    }

    /// Performs an action; returns whether the stream is over.
    private static func perform(
        _ action: GraphQLHTTPDecoder.Action,
        on continuation: AsyncThrowingStream<GraphQLResponse, any Error>.Continuation
    ) -> Bool {
        switch action {
        case .none:
            return false
        case .emit(let payloads):
            for payload in payloads { continuation.yield(payload) }
            return false
        case .finish(let payloads):
            for payload in payloads { continuation.yield(payload) }
            continuation.finish()
            return true
        case .fail(let payloads, let error):
            for payload in payloads { continuation.yield(payload) }
            continuation.finish(throwing: error)
            return true
        }
    }
}
