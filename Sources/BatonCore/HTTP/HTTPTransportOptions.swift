/// How ``GraphQLOverHTTP`` sends operations: the options both built-in HTTP transports share.
public struct HTTPTransportOptions: Sendable {
    /// Header fields sent with every request, before the request's own
    /// (``GraphQLRequest/headers``), which replace a field of the same name. Mark an API key or
    /// token ``HeaderField/isSecret`` so that no redirect carries it to another origin.
    public var headers: [HeaderField]
    /// Send queries with GET, their parameters in the URL (GraphQL over HTTP §5.1.1), so caches
    /// and CDNs can serve them. Mutations and subscriptions are always POSTed, and so is a query
    /// whose URL would be longer than ``maximumURLLength``.
    public var usesGETForQueries: Bool
    /// The longest URL a GET may have (2,048 bytes by default, what every proxy and CDN accepts);
    /// a query whose URL would be longer is POSTed.
    public var maximumURLLength: Int
    /// How long a query or mutation may take when its request sets no
    /// ``GraphQLRequest/timeout``; `nil` for the client's default. Subscriptions, which may run
    /// for hours, take only their request's own timeout.
    public var timeout: Duration?
    /// Limits for reading response bodies (nesting depth, size of one body or part).
    /// By default a body may be at most ``defaultMaximumBodyBytes``, so a hostile or broken
    /// server cannot make the client buffer without end.
    public var parseOptions: JSONParseOptions
    /// Whether redirects are followed (by ``GraphQLOverHTTP``, the same for every client): 307
    /// and 308 repeat the request unchanged; 301, 302 and 303 are followed by a GET only; a
    /// redirect to another origin drops every credential (``HeaderField/isCredential``). A
    /// redirect not followed is the response: a ``TransportError`` with its status.
    public var followsRedirects: Bool
    /// The most redirects one request follows; the response after the last is final.
    public var maximumRedirects: Int

    /// The default size limit of one response body: 256 MiB.
    public static let defaultMaximumBodyBytes = 256 << 20

    /// Options for both built-in HTTP transports.
    /// - Parameters:
    ///   - headers: fields sent with every request.
    ///   - usesGETForQueries: send queries with GET.
    ///   - maximumURLLength: the longest URL a GET may have; a longer query is POSTed.
    ///   - timeout: the default timeout of queries and mutations.
    ///   - parseOptions: limits for reading response bodies.
    ///   - followsRedirects: whether redirects are followed.
    ///   - maximumRedirects: how many redirects one request may follow.
    public init(
        headers: [HeaderField] = [],
        usesGETForQueries: Bool = false,
        maximumURLLength: Int = 2048,
        timeout: Duration? = nil,
        parseOptions: JSONParseOptions = JSONParseOptions(maximumBytes: HTTPTransportOptions.defaultMaximumBodyBytes),
        followsRedirects: Bool = true,
        maximumRedirects: Int = 10
    ) {
        self.headers = headers
        self.usesGETForQueries = usesGETForQueries
        self.maximumURLLength = maximumURLLength
        self.timeout = timeout
        self.parseOptions = parseOptions
        self.followsRedirects = followsRedirects
        self.maximumRedirects = maximumRedirects
    }
}
