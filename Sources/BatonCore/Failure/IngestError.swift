/// A response that cannot be read: bytes that are not JSON, JSON that is not a GraphQL response,
/// or a response the operation's plan cannot read. Reported as ``Failure/malformed(_:)``.
public struct IngestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of unreadable it is; stable, for matching.
    /// Later versions may add codes, so a `switch` over them needs a `default:`; compare with
    /// the static members (`code == .invalidJSON`) and log ``rawValue``.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logs and events spell it.
        public var rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The body is not valid JSON (see ``parseError``).
        public static let invalidJSON = Code(rawValue: "invalidJSON")

        /// The JSON is not a GraphQL response (no `data` and no `errors`, members of the wrong kind).
        public static let notAResponse = Code(rawValue: "notAResponse")

        /// A field the plan selected is absent from the response.
        public static let fieldOmitted = Code(rawValue: "fieldOmitted")

        /// A value is of a kind the plan cannot read there (a string where it needs an object, …).
        public static let wrongKind = Code(rawValue: "wrongKind")

        /// The body or stream ended before the response was complete.
        public static let truncated = Code(rawValue: "truncated")

        /// The response's media type is not one a GraphQL response can come in.
        public static let unsupportedMediaType = Code(rawValue: "unsupportedMediaType")
    }

    /// What kind of unreadable it is.
    public var code: Code
    /// What went wrong, in words.
    public var message: String
    /// Where in the response it went wrong, when it is about a value.
    public var path: [GraphQLError.PathElement]
    /// The JSON parser's error when ``code`` is ``Code/invalidJSON``.
    public var parseError: JSONParseError?

    /// An error saying why a response cannot be read.
    /// - Parameters:
    ///   - code: What kind of unreadable it is.
    ///   - message: What went wrong, in words.
    ///   - path: Where in the response it went wrong, when it is about a value.
    ///   - parseError: The JSON parser's error, for ``Code/invalidJSON``.
    public init(
        _ code: Code,
        _ message: String,
        path: [GraphQLError.PathElement] = [],
        parseError: JSONParseError? = nil
    ) {
        self.code = code
        self.message = message
        self.path = path
        self.parseError = parseError
    }

    public var description: String {
        path.isEmpty ? message : "\(message) at \(path.map(\.description).joined(separator: "."))"
    }
}
