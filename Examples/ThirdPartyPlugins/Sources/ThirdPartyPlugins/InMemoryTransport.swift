// The HTTP client seam (GraphQLHTTPClient and its values) is Baton's transport SPI.
@_spi(Transport) import BatonCore
import Foundation

/// A GraphQL transport of this package's own that never opens a socket: each operation becomes
/// an HTTP exchange handed to a handler in this process (a preview backend, a test double, or
/// Baton's `ConformanceExchange` when the transport is put through the conformance suite).
///
/// Baton's `GraphQLOverHTTP` encodes each operation and reads what the handler answers, so
/// statuses, `multipart/mixed` and server-sent events mean what they mean on the wire; whatever
/// the handler throws reaches the app unchanged, inside `Failure.transport`.
public struct InMemoryTransport: Transport {
    private let http: GraphQLOverHTTP

    /// A transport handing each exchange to `handler`.
    ///
    /// Under this package's `@_spi(Transport)`, since the handler's type is under Baton's: code
    /// that makes one writes `@_spi(Transport) import ThirdPartyPlugins`.
    /// - Parameters:
    ///   - endpoint: the URL the handler is addressed by; only its path and query are read.
    ///   - handler: answers each exchange.
    @_spi(Transport) public init(endpoint: URL, handler: any GraphQLHTTPClient) {
        http = GraphQLOverHTTP(endpoint: endpoint, client: handler)
    }

    /// Sends one operation to the handler and streams its payloads.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        http.send(request)
    }
}
