import BatonCore

/// Spells request header fields the way `CURLOPT_HTTPHEADER` reads them.
enum CurlHeaderLines {
    /// One line per field, plus `Expect:` (which tells curl to send no `Expect: 100-continue` and
    /// so not wait for an interim response) unless the fields set `Expect` themselves.
    ///
    /// A field with an empty value is spelled `Name;`, curl's way of sending a field with no value
    /// (`Name:` would remove curl's own field of that name).
    /// - Throws: ``BatonCore/TransportError`` (status 0) for a field that would break the request:
    ///   a name that is not an HTTP token, or a value with a line break or NUL.
    static func lines(for fields: [HeaderField]) throws(TransportError) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(fields.count + 1)
        for field in fields {
            guard isToken(field.name) else {
                throw TransportError(statusCode: 0, body: "the header field name \"\(field.name)\" is not an HTTP token")
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 }) else {
                throw TransportError(statusCode: 0, body: "the value of header field \(field.name) contains a line break or NUL")
            }
            let value = field.value.trimmingSpacesAndTabs()
            lines.append(value.isEmpty ? "\(field.name);" : "\(field.name): \(value)")
        }
        if fields[field: "expect"] == nil { lines.append("Expect:") }
        return lines
    }

    /// Whether `name` is an HTTP token (RFC 9110 §5.6.2).
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
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
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpacesAndTabs() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
