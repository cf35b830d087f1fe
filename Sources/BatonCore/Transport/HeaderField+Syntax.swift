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
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    return true
                default:
                    return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
                }
            }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs, as HTTP trims a field's value.
    package func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
