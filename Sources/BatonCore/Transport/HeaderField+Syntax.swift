extension HeaderField {
    /// Checks that the field can be written into a request head as it is (RFC 9110 §5): a name
    /// that is a token, a value with no line break or NUL, so no field can smuggle in another.
    /// - Throws: ``TransportError`` (status 0) naming the field that would break the request.
    package func checkSyntax() throws(TransportError) {
        guard Self.isToken(name) else {
            throw TransportError(statusCode: 0, body: "the header field name \"\(name)\" is not an HTTP token")
        }
        guard !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
            throw TransportError(statusCode: 0, body: "the value of header field \(name) contains a line break or NUL")
        }
    }

    /// Whether `name` is an HTTP token (RFC 9110 §5.6.2).
    package static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy(isTokenByte)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
            UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs, as HTTP trims a field's value
    /// (optional whitespace is those two bytes, RFC 9110 §5.6.3); the string itself, not a copy,
    /// when there is nothing to trim, as for most values a request sends.
    package func trimmingSpacesAndTabs() -> String {
        guard let first = utf8.first, let last = utf8.last else { return "" }
        let isBlank: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return isBlank(first) || isBlank(last) ? trimmingSpaces : self
    }
}
