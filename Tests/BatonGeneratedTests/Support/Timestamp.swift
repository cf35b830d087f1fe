@_spi(Generated) import BatonCore

/// The Swift type `baton.json` maps the reference schema's `DateTime` to: ISO 8601 text, kept
/// as sent, with a check that it looks like one.
public struct Timestamp: GraphQLScalar {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(json: JSONValue) throws(ScalarError) {
        guard case .string(let text) = json else { throw .expected("an ISO 8601 string", found: json) }
        guard text.count >= 10, text.dropFirst(4).first == "-" else {
            throw ScalarError("expected an ISO 8601 date, found \"\(text)\"")
        }
        self.text = text
    }

    public var json: JSONValue { .string(text) }

    public static var zeroValue: Timestamp { Timestamp("") }
}
