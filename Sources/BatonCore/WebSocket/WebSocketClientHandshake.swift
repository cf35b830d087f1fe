import Foundation

/// The opening handshake of a WebSocket client (RFC 6455 §4.1): the upgrade request to send, and
/// a state machine that reads the server's answer from bytes as they arrive and makes the
/// client's checks of it.
///
/// Write ``request`` once the connection is open, then ``consume(_:)`` what arrives until the
/// outcome is not ``Outcome/needMore``; call ``connectionClosed()`` if the server closes first.
@_spi(Transport) public struct WebSocketClientHandshake: Sendable {
    /// How the server answered.
    public enum Outcome: Sendable, Equatable {
        /// The answer is not complete yet.
        case needMore
        /// The server switched protocols; `leftover` holds the first frame bytes after the head.
        case accepted(subprotocol: String?, leftover: [UInt8])
        /// The server refused with an ordinary HTTP response, read whole (status and body).
        case rejected(TransportError)
        /// The server answered 101 but not as RFC 6455 requires.
        case invalid(WebSocketError)
    }

    /// The GUID RFC 6455 §1.3 appends to the key to compute `Sec-WebSocket-Accept`.
    private static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// A server's refusal is read up to this many bytes; a head longer than this is not HTTP.
    private static let maximumResponseSize = 64 * 1024

    /// The request bytes to send.
    public let request: [UInt8]
    private let expectedAccept: String
    private let protocols: [String]
    private var received: [UInt8] = []
    /// Set once a refusal's head was read: its status and how long its body is, when it says.
    private var refusal: (status: Int, bodyStart: Int, length: Int?)?

    /// Prepares the upgrade request.
    /// - Parameters:
    ///   - url: the `ws://` or `wss://` endpoint.
    ///   - protocols: the subprotocols to offer (`Sec-WebSocket-Protocol`), in preference order;
    ///     ``GraphQLTransportWSStateMachine/subprotocol`` for graphql-transport-ws.
    ///   - headers: extra header fields (authorization, cookies, …).
    ///   - key: 16 random bytes, fresh for each connection (§4.1); `Sec-WebSocket-Key` is their base64.
    /// - Throws: ``TransportError`` (status 0) for a header field that would break the request:
    ///   a name that is not an HTTP token, or a value with a line break or NUL.
    public init(url: URL, protocols: [String], headers: [HeaderField], key: [UInt8]) throws(TransportError) {
        for field in headers { try field.checkSyntax() }
        let encodedKey = Data(key).base64EncodedString()
        expectedAccept = Data(SHA1.digest(Array((encodedKey + Self.acceptGUID).utf8))).base64EncodedString()
        self.protocols = protocols
        var lines = ["GET \(Self.requestTarget(url)) HTTP/1.1", "Host: \(Self.host(url))"]
        lines += ["Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Key: \(encodedKey)", "Sec-WebSocket-Version: 13"]
        if !protocols.isEmpty { lines.append("Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))") }
        lines += headers.map { "\($0.name): \($0.value)" }
        request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// Reads more of the server's answer.
    /// - Parameter bytes: the next bytes from the connection, cut anywhere.
    /// - Returns: ``Outcome/needMore`` until the answer is whole, then how the server answered.
    public mutating func consume(_ bytes: some Collection<UInt8>) -> Outcome {
        received.append(contentsOf: bytes)
        if let refusal { return refusalOutcome(refusal, connectionClosed: false) }
        guard let headEnd = Self.endOfHead(in: received) else {
            if received.count > Self.maximumResponseSize {
                return .invalid(WebSocketError(.handshakeFailed, "the server's answer to the upgrade request is not HTTP"))
            }
            return .needMore
        }
        guard let head = ParsedHead(Array(received[..<headEnd])) else {
            return .invalid(WebSocketError(.handshakeFailed, "the server's answer to the upgrade request is not HTTP"))
        }
        let bodyStart = headEnd + 4
        guard head.status == 101 else {
            let length = head.fields[field: "content-length"].flatMap { Int($0.trimmingSpacesAndTabs()) }
            let refusal = (status: head.status, bodyStart: bodyStart, length: length)
            self.refusal = refusal
            return refusalOutcome(refusal, connectionClosed: false)
        }
        if let problem = check(head) { return .invalid(WebSocketError(.handshakeFailed, problem)) }
        return .accepted(subprotocol: head.fields[field: "sec-websocket-protocol"], leftover: Array(received[bodyStart...]))
    }

    /// What the handshake amounts to when the server closed the connection before finishing it.
    /// - Returns: a refusal read so far, or a ``TransportError`` with status 0.
    public mutating func connectionClosed() -> Outcome {
        if let refusal { return refusalOutcome(refusal, connectionClosed: true) }
        return .rejected(TransportError(statusCode: 0, body: "the server closed the connection during the WebSocket handshake"))
    }

    /// A refusal once its body is whole: all of `Content-Length`, or everything until the server
    /// closed the connection, or what fits the size limit.
    private func refusalOutcome(_ refusal: (status: Int, bodyStart: Int, length: Int?), connectionClosed: Bool) -> Outcome {
        let available = received.count - refusal.bodyStart
        let wanted = min(refusal.length ?? Int.max, Self.maximumResponseSize)
        guard connectionClosed || available >= wanted else { return .needMore }
        let body = received[refusal.bodyStart..<(refusal.bodyStart + min(available, wanted))]
        return .rejected(TransportError(statusCode: refusal.status, body: String(decoding: body, as: UTF8.self)))
    }

    /// Why a 101 answer is not a valid upgrade (§4.1, the client's checks), or `nil`.
    private func check(_ head: ParsedHead) -> String? {
        guard head.fields[field: "upgrade"]?.lowercased() == "websocket" else {
            return "the server's upgrade answer lacks \"Upgrade: websocket\""
        }
        let connection = head.fields[field: "connection"]?.lowercased() ?? ""
        guard connection.split(separator: ",").contains(where: { String($0).trimmingSpacesAndTabs() == "upgrade" }) else {
            return "the server's upgrade answer lacks \"Connection: Upgrade\""
        }
        guard head.fields[field: "sec-websocket-accept"] == expectedAccept else {
            return "the server's Sec-WebSocket-Accept does not match the key sent"
        }
        if head.fields[field: "sec-websocket-extensions"] != nil {
            return "the server chose a WebSocket extension the client did not offer"
        }
        let chosen = head.fields[field: "sec-websocket-protocol"]
        if let chosen, !protocols.contains(chosen) {
            return "the server chose the subprotocol \"\(chosen)\", which the client did not offer"
        }
        if chosen == nil, !protocols.isEmpty {
            return "the server accepted none of the subprotocols offered (\(protocols.joined(separator: ", ")))"
        }
        return nil
    }

    private static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// `path?query` of `url`, `/` when it has no path.
    package static func requestTarget(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }

    /// The `Host` field: the host, and the port when it is not the scheme's default.
    package static func host(_ url: URL) -> String {
        var host = url.host ?? ""
        if host.contains(":") { host = "[\(host)]" }
        let secure = url.scheme?.lowercased() == "wss" || url.scheme?.lowercased() == "https"
        guard let port = url.port, port != (secure ? 443 : 80) else { return host }
        return "\(host):\(port)"
    }
}

/// The status and fields of an HTTP response head.
private struct ParsedHead {
    var status: Int
    var fields: [HeaderField]

    init?(_ bytes: [UInt8]) {
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
        }
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/") else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[1].count == 3, let status = Int(parts[1]) else { return nil }
        self.status = status
        fields = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return HeaderField(name: String(line[..<colon]), value: String(line[line.index(after: colon)...]).trimmingSpacesAndTabs())
        }
    }
}
