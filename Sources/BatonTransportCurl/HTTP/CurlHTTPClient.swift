import BatonCore

/// An ``BatonCore/GraphQLHTTPClient`` on libcurl's multi interface: every exchange runs on one
/// ``CurlEventLoop`` thread and reuses its connections.
///
/// Bodies stream: each chunk is yielded as curl receives and decodes it. A transfer that fails
/// before the response is complete (refused, reset, timed out, cut short) throws a
/// ``BatonCore/TransportError`` with status 0 and curl's message, e.g.
/// `Failed to connect to 127.0.0.1 port 9 after 0 ms: Connection refused (curl error 7)`.
/// Ending the iteration or cancelling its task removes the transfer from the loop at once.
public struct CurlHTTPClient: GraphQLHTTPClient {
    /// The loop the transfers run on.
    public let loop: CurlEventLoop
    /// How curl connects and transfers.
    public let options: CurlOptions

    /// Creates a client.
    /// - Parameters:
    ///   - loop: the event loop to run on; the process-wide ``CurlEventLoop/shared`` by default.
    ///   - options: TLS, timeouts, redirects and proxy.
    public init(loop: CurlEventLoop = .shared, options: CurlOptions = CurlOptions()) {
        self.loop = loop
        self.options = options
    }

    /// Performs one exchange, streaming the final head and then the body as it arrives.
    /// - Parameter request: what to send.
    /// - Returns: one ``BatonCore/GraphQLHTTPClientEvent/head(_:)``, then body chunks; throws
    ///   ``BatonCore/TransportError`` (status 0) when no complete response arrives.
    public func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.makeStream()
        let transfer: CurlHTTPTransfer
        do {
            transfer = try CurlHTTPTransfer(request: request, options: options, continuation: continuation)
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        let loop = self.loop
        continuation.onTermination = { termination in
            if case .cancelled = termination { loop.cancel(transfer) }
        }
        if !loop.start(transfer) {
            continuation.finish(throwing: TransportError(statusCode: 0, body: "the curl event loop has shut down"))
        }
        return stream
    }
}
