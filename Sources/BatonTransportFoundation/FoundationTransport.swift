@_spi(Transport) import BatonCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` on `URLSession`: GraphQL over HTTP (``GraphQLOverHTTP``) through a
/// `FoundationHTTPClient`.
///
/// Queries and mutations are POSTed (or GET, when ``HTTPTransportOptions/usesGETForQueries``),
/// `@defer` and `@stream` arrive over `multipart/mixed`, subscriptions over graphql-sse. What it
/// throws, inside ``Failure/transport(_:)`` once classified:
/// - `URLError` from `URLSession`, unchanged (a refused connection is `.cannotConnectToHost`);
/// - ``TransportError`` for an HTTP status outside 2xx, with the status and the body.
///
/// And, already classified: ``Failure/request(_:)`` for a response of errors and no data, and
/// ``Failure/malformed(_:)`` for a body that is not a GraphQL response or that ends early.
///
/// Redirects are followed by ``GraphQLOverHTTP`` (URLSession's own following is turned off, since
/// it forwards `Authorization` to another origin and drops a 307's body).
///
/// - Important: On Linux, FoundationNetworking traps, ending the process, when a chunked response
///   carries trailer fields after its last chunk ("Transfer completed, but there's no response"),
///   which is legal HTTP/1.1. The trap is inside FoundationNetworking, before any delegate call
///   this transport could act on, so it cannot be caught or avoided here. Against a server that
///   may send trailers, use `CurlTransport` (BatonTransportCurl), which reads them.
///
/// ```swift
/// let transport = FoundationTransport(endpoint: URL(string: "https://api.example.com/graphql")!)
/// let response = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
/// ```
public struct FoundationTransport: Transport, PayloadTransport {
    /// The shared GraphQL-over-HTTP layer this transport runs.
    public let http: GraphQLOverHTTP

    /// Creates a transport with its own `URLSession`.
    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint.
    ///   - options: headers, GET for queries, default timeout, parse limits.
    ///   - configuration: the `URLSession` configuration (proxies, connection limits, cookies).
    public init(endpoint: URL, options: HTTPTransportOptions = .init(), configuration: URLSessionConfiguration = .default) {
        self.init(endpoint: endpoint, client: FoundationHTTPClient(configuration: configuration), options: options)
    }

    /// Creates a transport on an existing client, so several endpoints share its session.
    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint.
    ///   - client: the client whose session sends the requests.
    ///   - options: headers, GET for queries, default timeout, parse limits.
    @_spi(Transport) public init(endpoint: URL, client: FoundationHTTPClient, options: HTTPTransportOptions = .init()) {
        http = GraphQLOverHTTP(endpoint: endpoint, client: client, options: options)
    }

    /// Sends one operation and streams its payloads; see ``GraphQLOverHTTP/send(_:)``.
    /// - Parameter request: the operation.
    /// - Returns: the payloads as they arrive.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        http.send(request)
    }

    /// Sends one operation as ``send(_:)`` does, a single response's body handed over unparsed.
    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        http.sendPayloads(request)
    }
}

extension FoundationTransport: BatchTransport {
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
