import BatonCore

/// Spells request header fields the way `CURLOPT_HTTPHEADER` reads them.
enum CurlHeaderLines {
    /// One line per field, plus `Expect:` (which tells curl to send no `Expect: 100-continue` and
    /// so not wait for an interim response) unless the fields set `Expect` themselves.
    ///
    /// A field with an empty value is spelled `Name;`, curl's way of sending a field with no value
    /// (`Name:` would remove curl's own field of that name).
    /// - Throws: ``TransportError`` (status 0) for a field that would break the request:
    ///   a name that is not an HTTP token, or a value with a line break or NUL.
    static func lines(for fields: [HeaderField]) throws(TransportError) -> [String] {
        var lines: [String] = []
        lines.reserveCapacity(fields.count + 1)
        for field in fields {
            try field.checkSyntax()
            let value = field.value.trimmingSpacesAndTabs()
            lines.append(value.isEmpty ? "\(field.name);" : "\(field.name): \(value)")
        }
        if fields[field: "expect"] == nil { lines.append("Expect:") }
        return lines
    }
}
