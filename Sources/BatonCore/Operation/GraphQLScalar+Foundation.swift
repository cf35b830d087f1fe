import struct Foundation.Date
import struct Foundation.Decimal
import struct Foundation.URL
import struct Foundation.UUID

/// An instant as ISO 8601 text (RFC 3339 §5.6): `2026-12-02T21:05:00Z`, with or without
/// fractional seconds, in UTC (`Z`) or at an offset (`+02:00`). Map a scalar to it with
/// `"customScalars": {"DateTime": "Date"}`.
extension Date: GraphQLScalar {
    /// Reads ISO 8601 date-time text.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for a value that is not a string, or text that is not a date-time.
    public init(json: JSONValue) throws(ScalarError) {
        guard case .string(let text) = json else { throw .expected("an ISO 8601 date-time string", found: json) }
        guard let seconds = ISO8601Text.secondsSince1970(text) else {
            throw ScalarError("expected an ISO 8601 date-time, found \"\(text.prefix(64))\"")
        }
        self.init(timeIntervalSince1970: seconds)
    }

    /// The instant as ISO 8601 text in UTC, with milliseconds when it has a fraction of a second.
    public var json: JSONValue { .string(ISO8601Text.text(secondsSince1970: timeIntervalSince1970)) }

    /// 1970-01-01T00:00:00Z.
    public static var zeroValue: Date { Date(timeIntervalSince1970: 0) }
}

/// An absolute URL as text. Map a scalar to it with `"customScalars": {"URL": "URL"}`.
extension URL: GraphQLScalar {
    /// Reads an absolute URL.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for a value that is not a string, or text that is not an absolute URL.
    public init(json: JSONValue) throws(ScalarError) {
        guard case .string(let text) = json else { throw .expected("a URL string", found: json) }
        guard let url = URL(string: text), url.scheme != nil else {
            throw ScalarError("expected an absolute URL, found \"\(text.prefix(64))\"")
        }
        self = url
    }

    /// The URL's text.
    public var json: JSONValue { .string(absoluteString) }

    /// `about:blank`.
    public static var zeroValue: URL { URL(string: "about:blank")! }
}

/// A UUID as its text (RFC 9562 §4). Map a scalar to it with `"customScalars": {"UUID": "UUID"}`.
extension UUID: GraphQLScalar {
    /// Reads a UUID's text, in either case.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for a value that is not a string, or text that is not a UUID.
    public init(json: JSONValue) throws(ScalarError) {
        guard case .string(let text) = json else { throw .expected("a UUID string", found: json) }
        guard let uuid = UUID(uuidString: text) else { throw ScalarError("expected a UUID, found \"\(text.prefix(64))\"") }
        self = uuid
    }

    /// The UUID's text in lowercase, as RFC 9562 writes it.
    public var json: JSONValue { .string(uuidString.lowercased()) }

    /// The nil UUID, all zeros.
    public static var zeroValue: UUID { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
}

/// A decimal number, read exactly from the digits the response wrote, never through `Double`.
/// Map a scalar to it with `"customScalars": {"Decimal": "Decimal"}`.
extension Decimal: GraphQLScalar {
    /// Reads a JSON number, or a string holding one, from its digits.
    /// - Parameter json: The value as sent.
    /// - Throws: ``ScalarError`` for a value that is not a number.
    public init(json: JSONValue) throws(ScalarError) {
        let text: String
        switch json {
        case .int(let value): text = String(value)
        // A number of at most 15 significant digits reads as a Double whose shortest text is those digits.
        case .double(let value) where value.isFinite: text = "\(value)"
        case .number(let digits), .string(let digits): text = digits
        case .null, .bool, .double, .list, .object: throw .expected("a decimal number", found: json)
        }
        guard Self.isNumberText(text), let value = Decimal(string: text) else {
            throw ScalarError("expected a decimal number, found \"\(text.prefix(64))\"")
        }
        self = value
    }

    /// The number as a JSON number with every digit it has.
    public var json: JSONValue {
        let text = description
        if let integer = Int64(text) { return .int(integer) }
        return .number(text)
    }

    /// Zero.
    public static var zeroValue: Decimal { 0 }

    /// Whether `text` is a number as JSON writes one (RFC 8259 §6), which `Decimal(string:)`
    /// alone does not check (it reads a prefix).
    private static func isNumberText(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { $0 &- UInt8(ascii: "0") < 10 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let first = bytes.first, first | 0x20 == UInt8(ascii: "e") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
