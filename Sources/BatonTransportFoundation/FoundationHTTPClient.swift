@_spi(Transport) import BatonCore
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An ``GraphQLHTTPClient`` on `URLSession`, streaming each response through a session delegate as it
/// arrives (on Linux, FoundationNetworking has no `bytes(for:)`).
///
/// - Errors: what `URLSession` reports is thrown unchanged, as the system's `URLError`
///   (`.cannotConnectToHost` for a refused connection, `.timedOut`, `.networkConnectionLost`, …).
/// - Timeouts: a request's ``GraphQLHTTPRequest/timeout`` bounds the whole exchange, and ends it with
///   `URLError(.timedOut)`. Without one, the session configuration's timeouts apply:
///   `timeoutIntervalForRequest` (60 seconds by default) is the longest silence between bytes,
///   so a subscription whose server sends nothing, not even keep-alive comments, for that long
///   ends with `.timedOut`.
/// - Compression: asks for `gzip, deflate, br`; `URLSession` decodes the body.
/// - Streamed bodies (a request with uploads) go as the request's `httpBodyStream`, read a buffer
///   at a time as URLSession sends them: chunked on Linux (FoundationNetworking sends every
///   stream so), with `Content-Length` on Apple platforms. A file that cannot be read ends the
///   exchange with URLSession's own error for a body stream that failed.
/// - Cancellation: when the consumer of ``perform(_:)`` goes away, the data task is cancelled.
/// - Redirects: none is followed; the 3xx is reported as the head, for ``GraphQLOverHTTP`` to follow.
/// - Trailers: on Linux, FoundationNetworking traps on a chunked body with trailer fields (see
///   ``FoundationTransport``); the curl client reads them.
///
/// One client owns one `URLSession`; share the client so requests share its connections.
@_spi(Transport) public final class FoundationHTTPClient: GraphQLHTTPClient {
    private let session: URLSession
    private let delegate: FoundationSessionDelegate

    /// The encodings asked for; `URLSession` (libcurl underneath on Linux) decodes them all.
    static let acceptEncoding = "gzip, deflate, br"

    /// Creates a client with its own session.
    /// - Parameter configuration: the session's configuration (connection limits, proxies,
    ///   cookies, default timeouts). Caching is turned off: GraphQL responses are cached by
    ///   the store, not by HTTP.
    public init(configuration: URLSessionConfiguration = .default) {
        let configuration = configuration.copy() as? URLSessionConfiguration ?? configuration
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        let delegate = FoundationSessionDelegate()
        self.delegate = delegate
        // Delegate calls run inline on FoundationNetworking's thread, so chunks never queue up for
        // a delegate that is behind (``InlineDelegateQueue``).
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: InlineDelegateQueue())
    }

    deinit {
        // The session keeps its delegate until it is invalidated.
        session.finishTasksAndInvalidate()
    }

    /// Performs one exchange, yielding the head and then body chunks as `URLSession` delivers them.
    /// - Parameter request: what to send.
    /// - Returns: the response's head and body chunks. The stream throws `URLError` when the
    ///   exchange fails (it is not retried).
    public func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let task = session.dataTask(with: Self.urlRequest(for: request))
        let identifier = task.taskIdentifier
        let delegate = delegate
        let spool = FoundationBodySpool()
        delegate.register(identifier, spool)

        // A Dispatch timer, not a sleeping task: an app whose concurrency pool is busy or
        // blocked still gets its timeout on time.
        let ended = Locked(false)
        if let timeout = request.timeout {
            let (seconds, attoseconds) = timeout.components
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) {
                guard !ended.withLock({ $0 }) else { return }
                delegate.fail(identifier, with: URLError(.timedOut))
                task.cancel()
            }
        }
        let stream = spool.buffer.stream {
            ended.withLock { $0 = true }
            spool.close()
            delegate.unregister(identifier)
            task.cancel()
        }
        task.resume()
        return stream
    }

    static func urlRequest(for request: GraphQLHTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        if urlRequest.value(forHTTPHeaderField: "Accept-Encoding") == nil {
            urlRequest.setValue(acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        if let streamed = request.streamedBody {
            // Read as it is sent. FoundationNetworking sends a stream chunked whatever the fields say,
            // so a Content-Length beside it would make a request with both (which proxies refuse as
            // smuggling); Apple's URLSession sends the length given instead of chunks.
            urlRequest.httpBodyStream = StreamedBodyInputStream(streamed)
            #if !canImport(FoundationNetworking)
                urlRequest.setValue(String(streamed.length), forHTTPHeaderField: "Content-Length")
            #endif
        }
        if let timeout = request.timeout {
            // URLSession's own timer as well as the watchdog: whichever fires first ends it.
            // FoundationNetworking counts whole seconds (and fires at once for 0), so round up.
            let (seconds, attoseconds) = timeout.components
            urlRequest.timeoutInterval = max(1, (Double(seconds) + Double(attoseconds) / 1e18).rounded(.up))
        }
        return urlRequest
    }
}
