import struct Foundation.URL

/// GraphQL over HTTP, shared by every HTTP transport so they send and classify alike: a
/// ``Transport`` that encodes operations for a `GraphQLHTTPClient` and decodes what it streams back.
///
/// **Sending** (GraphQL over HTTP §5): a POST with a JSON body, or a GET with URL parameters for
/// queries when ``HTTPTransportOptions/usesGETForQueries`` is set. `Accept` asks for
/// `application/graphql-response+json`; for a document with `@defer` or `@stream` also for
/// `multipart/mixed` incremental delivery; for a subscription for `text/event-stream`
/// (graphql-sse, distinct connections mode). A request with uploads (``GraphQLRequest/uploads``)
/// is a `multipart/form-data` POST (the GraphQL multipart request spec) with a non-empty
/// `apollo-require-preflight` field, its files streamed from disk as the client sends the body;
/// an upload that cannot be read fails it with a ``TransportError`` (status 0) before anything is sent.
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
/// **Back-pressure**: the stream is read on demand. Each payload is decoded in the consumer's task
/// when it asks for the next one, and the client's stream is pulled only then, so a client that
/// bounds what it buffers (the built-in ones hold at most about 1 MiB of body) stops reading the
/// socket while the consumer works: a slow consumer of a long body or a fast subscription holds a
/// bounded amount of memory, however much the server sends.
///
/// When the consumer stops iterating or its task is cancelled, the client's stream is stopped,
/// which stops the transfer.
public struct GraphQLOverHTTP: Transport, PayloadTransport {
    /// Where operations are sent.
    public let endpoint: URL
    /// What moves the bytes.
    @_spi(Transport) public let client: any GraphQLHTTPClient
    /// How operations are sent.
    public let options: HTTPTransportOptions

    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint, e.g. `https://example.com/graphql`.
    ///   - client: what performs the HTTP exchanges.
    ///   - options: headers, GET for queries, default timeout, parse limits.
    @_spi(Transport) public init(endpoint: URL, client: any GraphQLHTTPClient, options: HTTPTransportOptions = .init()) {
        self.endpoint = endpoint
        self.client = client
        self.options = options
    }

    /// The HTTP request this transport sends for `request`: method, URL, header fields, body
    /// and timeout. For logging and for tests; ``send(_:)`` uses it.
    /// - Parameter request: the operation.
    @_spi(Transport) public func httpRequest(for request: GraphQLRequest) -> GraphQLHTTPRequest {
        GraphQLHTTPEncoding.request(for: request, endpoint: endpoint, options: options)
    }

    /// Sends one operation and streams the payloads as they arrive.
    /// - Parameter request: the operation, its variables and per-request headers and timeout.
    /// - Returns: the payloads in order. The stream throws a ``Failure`` when the response is a
    ///   request error or unreadable, a ``TransportError`` for a status outside 2xx, or the
    ///   client's own error, unchanged.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let httpRequest = httpRequest(for: request)
        if let failure = httpRequest.streamedBody?.failure { return Self.failing(TransportError(statusCode: 0, body: failure)) }
        let exchange = GraphQLHTTPExchange(httpRequest, client: client, options: options, deliversBodies: false)
        return AsyncThrowingStream(unfolding: { try await exchange.next()?.parsed() })
    }

    /// Sends one operation as ``send(_:)`` does, a single response's body handed over unparsed.
    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        let httpRequest = httpRequest(for: request)
        if let failure = httpRequest.streamedBody?.failure { return Self.failing(TransportError(statusCode: 0, body: failure)) }
        let exchange = GraphQLHTTPExchange(httpRequest, client: client, options: options, deliversBodies: true)
        return AsyncThrowingStream(unfolding: { try await exchange.next() })
    }

    /// A stream that throws `error` at once: a request with an upload that cannot be read is not sent.
    private static func failing<Element>(_ error: TransportError) -> AsyncThrowingStream<Element, any Error> {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}
