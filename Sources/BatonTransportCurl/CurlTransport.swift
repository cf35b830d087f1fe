@_spi(Transport) import BatonCore

import struct Foundation.URL

/// A ``Transport`` that speaks GraphQL over HTTP through libcurl.
///
/// Requests run on a ``CurlEventLoop`` (one thread for any number of requests) and share its
/// connections, so a second request to the same server reuses the first one's connection, and
/// HTTP/2 is used when a TLS server offers it. Responses stream: incremental delivery
/// (`@defer`) parts and subscription events (graphql-sse) arrive as the server sends them.
///
/// Encoding and classification are the shared ``GraphQLOverHTTP`` layer's, so this
/// transport behaves exactly like the URLSession one: a status outside 2xx throws
/// ``TransportError`` with the status and body; no response at all throws
/// ``TransportError`` with status 0 and curl's message, e.g.
/// `Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server (curl error 7)`.
///
/// TLS certificates are verified unless ``CurlOptions/tls`` is set to
/// ``CurlOptions/TLSVerification/insecureSkipVerification`` by name.
///
/// ```swift
/// let transport = CurlTransport(
///     endpoint: URL(string: "https://api.example.com/graphql")!,
///     options: HTTPTransportOptions(headers: [HeaderField(name: "Authorization", value: "Bearer …")]),
///     curl: CurlOptions(connectTimeout: .seconds(5))
/// )
/// let response = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
/// ```
public struct CurlTransport: Transport, PayloadTransport {
    /// Where operations are sent.
    public var endpoint: URL { http.endpoint }
    /// How operations are encoded and sent (headers, GET for queries, timeout, parse limits).
    public var options: HTTPTransportOptions { http.options }
    /// The client that moves the bytes: its loop and curl options.
    @_spi(Transport) public let client: CurlHTTPClient
    private let http: GraphQLOverHTTP

    /// Creates a transport.
    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint, `http://` or `https://`.
    ///   - options: headers, GET for queries, default timeout and parse limits, shared with every
    ///     HTTP transport.
    ///   - curl: how libcurl connects: TLS verification, connect timeout, redirects, proxy.
    ///   - loop: the event loop to run on; the process-wide ``CurlEventLoop/shared`` by default.
    public init(
        endpoint: URL,
        options: HTTPTransportOptions = HTTPTransportOptions(),
        curl: CurlOptions = CurlOptions(),
        loop: CurlEventLoop = .shared
    ) {
        client = CurlHTTPClient(loop: loop, options: curl)
        http = GraphQLOverHTTP(endpoint: endpoint, client: client, options: options)
    }

    /// Sends one operation and streams the payloads as they arrive.
    /// - Parameter request: the operation, its variables, headers and timeout.
    /// - Returns: the payloads in order; the stream throws a ``Failure`` for a request
    ///   error or an unreadable body, and ``TransportError`` when the exchange fails.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        http.send(request)
    }

    /// Sends one operation as ``send(_:)`` does, a single response's body handed over unparsed.
    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        http.sendPayloads(request)
    }
}

extension CurlTransport: BatchTransport {
    /// Whether `request` may go in a batch: not a query this transport sends by GET.
    /// - Parameter request: a query or mutation.
    public func canBatch(_ request: GraphQLRequest) -> Bool {
        http.canBatch(request)
    }

    /// Sends `requests` as one JSON array in one POST (``GraphQLOverHTTP/sendBatch(_:)``).
    /// - Parameter requests: the operations, in order.
    /// - Returns: the answer's elements, in order.
    public func sendBatch(_ requests: [GraphQLRequest]) async throws -> [JSONValue] {
        try await http.sendBatch(requests)
    }
}
