@_spi(Transport) import BatonCore

/// Assembles the final response head from the header lines curl reports, one line per call
/// (`CURLOPT_HEADERFUNCTION`).
///
/// curl reports every head it reads: interim `1xx` heads (`100 Continue`, `103 Early Hints`) come
/// before the final one (RFC 9110 §15.2). Those are dropped, so the caller sees one head: the one
/// whose body follows (a 3xx too: curl follows no redirect here). Lines after it (the trailer
/// fields of a chunked body) are ignored.
struct ResponseHeadParser {
    private var statusCode: Int?
    private var fields: [HeaderField] = []
    /// Whether the final head was already returned.
    private(set) var isComplete = false

    /// Reads one header line, with or without its line break.
    /// - Returns: the final head when `line` is the blank line that ends it, otherwise `nil`.
    mutating func consume(line bytes: UnsafeRawBufferPointer) -> GraphQLHTTPResponseHead? {
        guard !isComplete else { return nil }
        var line = bytes[...]
        while let last = line.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
            line = line.dropLast()
        }
        if line.isEmpty { return endOfHead() }
        if line.starts(with: Self.httpPrefix) {
            statusCode = Self.statusCode(ofStatusLine: line)
            fields = []
        } else if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            // An obsolete folded continuation (RFC 9112 §5.2): part of the previous field's value.
            if var last = fields.popLast() {
                last.value += " " + Self.trimmed(line)
                fields.append(last)
            }
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = Self.trimmed(line[..<colon])
            let value = Self.trimmed(line[line.index(after: colon)...])
            if !name.isEmpty { fields.append(HeaderField(name: name, value: value)) }
        }
        return nil
    }

    private mutating func endOfHead() -> GraphQLHTTPResponseHead? {
        guard let statusCode else { return nil }
        self.statusCode = nil
        if (100..<200).contains(statusCode) { return nil }
        isComplete = true
        return GraphQLHTTPResponseHead(statusCode: statusCode, headers: fields)
    }

    private static let httpPrefix = Array("HTTP/".utf8)

    /// The code of `HTTP/1.1 200 OK` or `HTTP/2 200`; `nil` when the line has no readable code.
    private static func statusCode(ofStatusLine line: UnsafeRawBufferPointer.SubSequence) -> Int? {
        guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let digits = line[line.index(after: space)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard digits.count == 3 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer.SubSequence) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }),
            let end = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
