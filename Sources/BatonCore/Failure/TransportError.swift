/// An HTTP exchange that did not produce a GraphQL response, as the built-in HTTP transports
/// report it.
///
/// `statusCode` is the HTTP status outside 2xx with the body the server sent. A status of 0 means
/// there was no response at all (as the web's `XMLHttpRequest` reports it): the connection was
/// refused, reset, timed out or cut; `body` then says what went wrong in words.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The HTTP status, or 0 when no response arrived.
    public var statusCode: Int
    /// The response body as text, or, for status 0, what went wrong.
    public var body: String
    /// How long the server asked the client to wait before trying again (its `Retry-After`
    /// field, RFC 9110 §10.2.3), when it sent one; a retrying transport honours it on 429 and 503.
    public var retryAfter: Duration?

    /// An error for an HTTP exchange that produced no GraphQL response.
    /// - Parameters:
    ///   - statusCode: The HTTP status, or 0 when no response arrived.
    ///   - body: The response body as text, or, for status 0, what went wrong.
    public init(statusCode: Int, body: String) {
        self.init(statusCode: statusCode, body: body, retryAfter: nil)
    }

    /// An error for an HTTP response outside 2xx that asked the client to wait before trying again.
    /// - Parameters:
    ///   - statusCode: The HTTP status.
    ///   - body: The response body as text.
    ///   - retryAfter: How long the server asked the client to wait (`Retry-After`).
    public init(statusCode: Int, body: String, retryAfter: Duration?) {
        self.statusCode = statusCode
        self.body = body
        self.retryAfter = retryAfter
    }

    /// Whether a response arrived at all.
    public var hasResponse: Bool { statusCode != 0 }

    public var description: String {
        statusCode == 0 ? "no response: \(body)" : "HTTP \(statusCode): \(body)"
    }
}
