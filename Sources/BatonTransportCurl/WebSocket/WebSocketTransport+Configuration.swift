@_spi(Transport) import BatonCore
import Foundation

extension WebSocketTransport.Configuration {
    /// The `http(s)://` URL curl connects to for the `ws(s)://` endpoint (this libcurl does not
    /// know the `ws` schemes; with `CONNECT_ONLY` it only opens the connection).
    /// - Throws: ``TransportError`` (status 0) for an endpoint that is not `ws`, `wss`,
    ///   `http` or `https`.
    var connectURL: URL {
        get throws(TransportError) {
            guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false),
                let scheme = components.scheme?.lowercased()
            else { throw TransportError(statusCode: 0, body: "\(endpoint) is not a WebSocket URL") }
            switch scheme {
            case "ws", "http": components.scheme = "http"
            case "wss", "https": components.scheme = "https"
            default: throw TransportError(statusCode: 0, body: "\(endpoint) is not a ws:// or wss:// URL")
            }
            guard let url = components.url, components.host?.isEmpty == false else {
                throw TransportError(statusCode: 0, body: "\(endpoint) has no host")
            }
            return url
        }
    }

    /// A handshake with a fresh key, offering graphql-transport-ws.
    /// - Throws: ``TransportError`` (status 0) for a header field that would break the request.
    func handshake() throws(TransportError) -> WebSocketClientHandshake {
        var fields = options.headers
        if let userAgent = curl.userAgent, fields[field: "user-agent"] == nil {
            fields.append(HeaderField(name: "User-Agent", value: userAgent))
        }
        var generator = SystemRandomNumberGenerator()
        let key = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try WebSocketClientHandshake(
            url: endpoint, protocols: [GraphQLTransportWSStateMachine.subprotocol], headers: fields, key: key)
    }
}
