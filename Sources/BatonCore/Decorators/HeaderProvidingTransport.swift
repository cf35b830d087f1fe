/// A transport that adds header fields computed for each request (a request id, a signature, a
/// short-lived credential) to another transport's requests: a decorator, so any transport,
/// built-in or an app's own, gets them.
///
/// The fields the provider returns replace fields of the same name (case-insensitive) in the
/// request; it sees the request, so it can keep a field an operation set for itself.
///
/// ```swift
/// let transport = HeaderProvidingTransport(CurlTransport(endpoint: url)) { request in
///     [HeaderField(name: "X-Request-ID", value: UUID().uuidString)]
/// }
/// ```
public struct HeaderProvidingTransport: Transport, PayloadTransport {
    /// The transport the requests go through.
    public let inner: any Transport
    /// Computes the fields for one request; what it throws fails the request, inside ``Failure/transport(_:)``.
    public let provider: @Sendable (GraphQLRequest) async throws -> [HeaderField]

    /// A transport that adds the fields `provider` computes to each request sent through `inner`.
    /// - Parameters:
    ///   - inner: the transport the requests go through.
    ///   - provider: computes the fields for one request, each time it is sent.
    public init(_ inner: any Transport, provider: @escaping @Sendable (GraphQLRequest) async throws -> [HeaderField]) {
        self.inner = inner
        self.provider = provider
    }

    /// Sends `request` through ``inner`` with the provider's fields.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        responses(request)
    }

    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        PayloadCursor.stream { [inner, provider] in
            var request = request
            request.headers = HeaderField.merged(request.headers, try await provider(request))
            return try await inner.firstPayload(request)
        }
    }
}
