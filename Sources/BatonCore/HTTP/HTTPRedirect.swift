import struct Foundation.URL

/// How ``GraphQLOverHTTP`` follows a redirect, the same whatever client moves the bytes
/// (RFC 9110 §15.4; the clients themselves follow none):
///
/// | status | GET | POST |
/// |---|---|---|
/// | 307, 308 | repeated at the new location | repeated with its method and body unchanged (§15.4.8–9) |
/// | 301, 302, 303 | repeated at the new location | not followed: the response is final, a ``TransportError`` with its status |
/// | other 3xx, or no usable `Location` | final | final |
///
/// A POST is never turned into a bodiless GET, which would lose the operation and come back as
/// a misleading request error about a missing query. A redirect to another origin (scheme, host
/// or port) drops every credential (``HeaderField/isCredential``: `Authorization`,
/// `Proxy-Authorization`, `Cookie` and the fields the app marked secret), as the Fetch standard
/// does. Only `http` and `https` locations are followed.
enum HTTPRedirect {
    /// The statuses that are redirects to follow.
    static let statuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send next for `head`, the response to `request`; `nil` when `head` is final.
    static func request(after head: GraphQLHTTPResponseHead, to request: GraphQLHTTPRequest) -> GraphQLHTTPRequest? {
        guard statuses.contains(head.statusCode) else { return nil }
        switch (head.statusCode, request.method) {
        case (301, .post), (302, .post), (303, .post): return nil
        default: break
        }
        guard let location = head.headers[field: "Location"], !location.isEmpty,
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            target.host?.isEmpty == false
        else { return nil }
        var next = request
        next.url = target
        if !isSameOrigin(request.url, target) {
            next.headers.removeAll(where: \.isCredential)
        }
        return next
    }

    /// Whether two URLs share scheme, host and port (RFC 6454 §4), the default port counted as given.
    static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        let schemeA = a.scheme?.lowercased()
        let schemeB = b.scheme?.lowercased()
        return schemeA == schemeB
            && a.host?.lowercased() == b.host?.lowercased()
            && (a.port ?? defaultPort(schemeA)) == (b.port ?? defaultPort(schemeB))
    }

    private static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
