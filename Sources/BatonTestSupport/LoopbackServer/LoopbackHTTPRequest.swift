/// One HTTP/1.1 request as ``LoopbackHTTPServer`` read it: method, target, header fields, body.
struct LoopbackHTTPRequest: Sendable {
    /// `GET`, `POST`, ….
    var method: String
    /// The path of the target, without its query.
    var path: String
    /// The target's query parameters, percent- and `+`-decoded, the last of a repeated name kept.
    var query: [String: String]
    /// The header fields in order, names as sent.
    var headers: [(name: String, value: String)]
    /// The body, with any chunked framing removed.
    var body: [UInt8]

    /// The value of the first field named `name` (case-insensitive).
    func header(_ name: String) -> String? {
        let lowered = name.lowercased()
        return headers.first { $0.name.lowercased() == lowered }?.value
    }
}

/// Reads one request from a connection: the head up to its blank line, then the body by
/// `Content-Length` or chunked framing, answering `Expect: 100-continue` on the way.
struct LoopbackHTTPRequestReader {
    /// Why no request could be read.
    enum Failure: Error {
        /// The connection closed or failed, or the server stopped, before a whole request came.
        case connectionEnded
        /// The bytes are not an HTTP/1.1 request this server can read.
        case malformed(String)
    }

    private let connection: LoopbackHTTPConnection
    private var buffer: [UInt8] = []

    private static let headLimit = 64 << 10
    private static let bodyLimit = 64 << 20

    init(_ connection: LoopbackHTTPConnection) {
        self.connection = connection
    }

    /// The next request.
    /// - Throws: ``Failure``.
    mutating func read() throws(Failure) -> LoopbackHTTPRequest {
        let headEnd = try fill(until: { Self.find([13, 10, 13, 10], in: $0) })
        let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            throw .malformed("request line \(head.prefix(80))")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw .malformed("header line \(line.prefix(80))") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces))
        }
        let target = String(requestLine[1])
        let (path, query) = Self.split(target)
        var request = LoopbackHTTPRequest(method: String(requestLine[0]), path: path, query: query, headers: headers, body: [])
        if request.header("Expect")?.lowercased() == "100-continue" {
            guard connection.write(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { throw .connectionEnded }
        }
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            request.body = try readChunkedBody()
        } else if let length = request.header("Content-Length").flatMap({ Int($0.trimmingSpaces) }) {
            guard (0...Self.bodyLimit).contains(length) else { throw .malformed("Content-Length \(length)") }
            _ = try fill(until: { $0.count >= length ? length : nil })
            request.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        }
        return request
    }

    private mutating func readChunkedBody() throws(Failure) -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try fill(until: { Self.find([13, 10], in: $0) })
            let sizeText = String(decoding: buffer[0..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            buffer.removeFirst(lineEnd + 2)
            guard let size = Int(sizeText.trimmingSpaces, radix: 16), size >= 0, body.count + size <= Self.bodyLimit else {
                throw .malformed("chunk size \(sizeText)")
            }
            if size == 0 {
                // Trailer fields, if any, end with a blank line.
                while true {
                    let end = try fill(until: { Self.find([13, 10], in: $0) })
                    buffer.removeFirst(end + 2)
                    if end == 0 { return body }
                }
            }
            _ = try fill(until: { $0.count >= size + 2 ? size : nil })
            body.append(contentsOf: buffer[0..<size])
            buffer.removeFirst(size + 2)
        }
    }

    /// Reads until `found` returns a position in the buffer, and returns it.
    private mutating func fill(until found: ([UInt8]) -> Int?) throws(Failure) -> Int {
        while true {
            if let position = found(buffer) { return position }
            guard buffer.count <= Self.headLimit + Self.bodyLimit else { throw .malformed("request too large") }
            guard let bytes = connection.readSome(), !bytes.isEmpty else { throw .connectionEnded }
            buffer.append(contentsOf: bytes)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return start }
        }
        return nil
    }

    /// A target's path and its decoded query parameters.
    static func split(_ target: String) -> (String, [String: String]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[formDecoded(parts[0])] = parts.count > 1 ? formDecoded(parts[1]) : ""
        }
        return (String(target[..<mark]), query)
    }

    /// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte.
    private static func formDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"):
                bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { continue }
                bytes.append(value)
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let characters = Array(self)
        var start = 0
        var end = characters.count
        while start < end, characters[start] == " " || characters[start] == "\t" { start += 1 }
        while end > start, characters[end - 1] == " " || characters[end - 1] == "\t" { end -= 1 }
        return String(characters[start..<end])
    }
}
