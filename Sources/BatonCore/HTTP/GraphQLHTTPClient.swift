import struct Foundation.URL

/// An HTTP request as the shared GraphQL-over-HTTP layer builds it for an ``GraphQLHTTPClient``.
@_spi(Transport) public struct GraphQLHTTPRequest: Sendable, Hashable {
    /// The request method: GraphQL over HTTP uses GET and POST only.
    public enum Method: String, Sendable, Hashable {
        /// `GET`: the request in the URL's query; queries only.
        case get = "GET"
        /// `POST`: the request as a JSON body.
        case post = "POST"
    }

    /// GET or POST.
    public var method: Method
    /// Where to send it, query included.
    public var url: URL
    /// Every header field to send, in order; the client adds only what its protocol needs
    /// (`Host`, `Content-Length`, `Accept-Encoding` when absent).
    public var headers: [HeaderField]
    /// The body of a POST; `nil` for GET and for a streamed body.
    public var body: [UInt8]?
    /// The body of a POST too large to hold, read as it is sent (a request with uploads).
    public var streamedBody: StreamedRequestBody?
    /// How long the whole exchange may take; `nil` for the client's default.
    public var timeout: Duration?

    /// - Parameters:
    ///   - method: GET or POST.
    ///   - url: where to send it.
    ///   - headers: the header fields.
    ///   - body: the body of a POST.
    ///   - timeout: how long the whole exchange may take.
    ///   - streamedBody: the body of a POST read as it is sent, instead of `body`.
    public init(
        method: Method, url: URL, headers: [HeaderField] = [], body: [UInt8]? = nil, timeout: Duration? = nil,
        streamedBody: StreamedRequestBody? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.streamedBody = streamedBody
    }
}

/// The status line and header fields of an HTTP response.
@_spi(Transport) public struct GraphQLHTTPResponseHead: Sendable, Hashable {
    /// The status.
    public var statusCode: Int
    /// The response's header fields.
    public var headers: [HeaderField]

    /// - Parameters:
    ///   - statusCode: the status.
    ///   - headers: the header fields.
    public init(statusCode: Int, headers: [HeaderField]) {
        self.statusCode = statusCode
        self.headers = headers
    }
}

/// What an ``GraphQLHTTPClient`` reports about one exchange, in order: the final head (after any
/// interim 1xx heads), then body bytes as they arrive (already decoded from gzip, deflate or br).
@_spi(Transport) public enum GraphQLHTTPClientEvent: Sendable, Hashable {
    /// The status and header fields; the final head is reported once, after any interim 1xx heads.
    case head(GraphQLHTTPResponseHead)
    /// The next bytes of the decoded body.
    case body([UInt8])
}

/// Performs HTTP exchanges for the shared GraphQL-over-HTTP layer (``GraphQLOverHTTP``), so every
/// HTTP transport sends and classifies exactly alike and differs only in how bytes move.
///
/// ## What an implementation must do
/// - Send the request as given (method, URL, every header field, body), accept gzip, deflate and
///   br, and decode the body before yielding it.
/// - Send a ``GraphQLHTTPRequest/streamedBody`` as it reads it, from a reader of its own
///   (``StreamedRequestBody/makeReader()``), with its length as `Content-Length` where the HTTP
///   library allows (else chunked, never both), holding only a buffer of it at a time; a
///   reader's error ends the exchange with that error.
/// - Yield ``GraphQLHTTPClientEvent/head(_:)`` once, then ``GraphQLHTTPClientEvent/body(_:)`` chunks as they
///   arrive, never buffering the whole body; finish when the body is complete.
/// - Bound what waits for the consumer: ``GraphQLOverHTTP`` pulls the stream only as fast as its
///   own consumer reads, so stop reading the socket while a bounded amount of body is waiting
///   (the built-in clients pause their transfer at about 1 MiB), or a slow consumer of a long
///   body holds all of it in memory.
/// - Throw its own error when no complete response arrives, including when the body is cut short
///   at the HTTP level (a missing last chunk, fewer bytes than `Content-Length`): the curl client
///   throws ``TransportError`` with status 0 and curl's message, the Foundation client the
///   system's `URLError`. The error reaches the app unchanged.
/// - Never throw for an HTTP status: every status is a head like any other.
/// - Follow no redirect: a 3xx is a head like any other, and ``GraphQLOverHTTP`` decides whether
///   to follow it, so that method, body and credentials are handled alike (``HTTPTransportOptions/followsRedirects``).
///   Interim 1xx heads may be passed on; they are skipped.
/// - Stop the transfer when the stream's consumer goes away or its task is cancelled.
///
/// The HTTP client seam and its values sit behind `@_spi(Transport)`, out of an app's
/// autocomplete: a module that implements or calls it writes `@_spi(Transport) import BatonCore`.
@_spi(Transport) public protocol GraphQLHTTPClient: Sendable {
    /// Performs one exchange, streaming the response.
    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>
}
