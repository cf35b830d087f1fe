@_spi(Transport) import BatonCore

/// An ``GraphQLHTTPClient`` on libcurl's multi interface: every exchange runs on one
/// ``CurlEventLoop`` thread and reuses its connections.
///
/// Bodies stream: each chunk is queued as curl receives and decodes it, in a buffer of about
/// 1 MiB; while it is full the transfer is paused (`CURL_WRITEFUNC_PAUSE`), so a consumer that
/// reads slowly holds a bounded amount of memory. A transfer that fails
/// before the response is complete (refused, reset, timed out, cut short) throws a
/// ``TransportError`` with status 0 and curl's message, e.g.
/// `Failed to connect to 127.0.0.1 port 9 after 0 ms: Connection refused (curl error 7)`.
/// Ending the iteration or cancelling its task removes the transfer from the loop at once.
@_spi(Transport) public struct CurlHTTPClient: GraphQLHTTPClient {
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
    /// - Returns: one ``GraphQLHTTPClientEvent/head(_:)``, then body chunks; throws
    ///   ``TransportError`` (status 0) when no complete response arrives.
    public func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let transfer: CurlHTTPTransfer
        do {
            transfer = try CurlHTTPTransfer(request: request, options: options, loop: loop)
        } catch {
            return AsyncThrowingStream { $0.finish(throwing: error) }
        }
        let loop = self.loop
        // Held weakly: the loop holds the transfer while it runs (a stop after that has nothing to
        // stop), so the handle is cleaned up on the loop thread, not on the consumer's way to its payload.
        let stream = transfer.buffer.stream { [weak transfer] in
            if let transfer { loop.cancel(transfer) }
        }
        if !loop.start(transfer) {
            transfer.buffer.finish(throwing: TransportError(statusCode: 0, body: "the curl event loop has shut down"))
        }
        return stream
    }
}
