/// How libcurl connects and transfers for the curl transports (``CurlTransport``,
/// `CurlHTTPClient` and the connection of ``WebSocketTransport``).
///
/// Redirects are not curl's to follow: ``GraphQLOverHTTP`` follows them the same for
/// every HTTP client (``HTTPTransportOptions/followsRedirects``).
public struct CurlOptions: Sendable, Hashable {
    /// How the server's TLS certificate is checked.
    public enum TLSVerification: Sendable, Hashable {
        /// Verify the peer's certificate chain against the system's trust store and its name
        /// against the host (`CURLOPT_SSL_VERIFYPEER` and `CURLOPT_SSL_VERIFYHOST` on).
        case system
        /// Verify as ``system`` does, against the certificate authorities in a PEM file instead
        /// (`CURLOPT_CAINFO`).
        case certificateAuthorities(file: String)
        /// Accept any certificate for any name. Anyone on the path can read and change the traffic;
        /// meant only for local development against a self-signed server.
        case insecureSkipVerification
    }

    /// How the server's TLS certificate is checked; ``TLSVerification/system`` unless set.
    public var tls: TLSVerification
    /// How long connecting (DNS, TCP, TLS, proxy) may take (`CURLOPT_CONNECTTIMEOUT_MS`).
    public var connectTimeout: Duration
    /// How long a whole exchange may take when the request does not say; `nil` for no limit, which
    /// suits streams (`CURLOPT_TIMEOUT_MS`).
    public var timeout: Duration?
    /// A proxy URL such as `http://proxy:3128` or `socks5h://127.0.0.1:1080` (`CURLOPT_PROXY`);
    /// `nil` leaves curl's default, which reads the `http_proxy` family of environment variables.
    public var proxy: String?
    /// The `User-Agent` sent when the request does not set one; `nil` sends none.
    public var userAgent: String?

    /// Creates options.
    /// - Parameters:
    ///   - tls: how certificates are checked; verification is on unless you name
    ///     ``TLSVerification/insecureSkipVerification``.
    ///   - connectTimeout: how long connecting may take.
    ///   - timeout: how long an exchange may take when its request sets no timeout; `nil` for none.
    ///   - proxy: the proxy to use, or `nil` for curl's default.
    ///   - userAgent: the default `User-Agent`.
    public init(
        tls: TLSVerification = .system,
        connectTimeout: Duration = .seconds(30),
        timeout: Duration? = nil,
        proxy: String? = nil,
        userAgent: String? = "Baton"
    ) {
        self.tls = tls
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.proxy = proxy
        self.userAgent = userAgent
    }
}

extension Duration {
    /// The duration in whole milliseconds for curl, never below 1: to curl, 0 means "no limit",
    /// while a zero or negative duration asks for an immediate timeout.
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 1 }
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        if overflow { return Int.max }
        let (total, overflowing) = milliseconds.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return overflowing ? Int.max : max(1, Int(total))
    }
}
