/// An error a GraphQL server sent (GraphQL spec §7.1.2), kept whole: message, locations, path
/// and extensions, wherever it goes (a failure, beside a field in the store, the image).
///
/// Branch on ``code`` (`extensions.code`), never on ``message``.
public struct GraphQLError: Error, Sendable, Hashable {
    /// A position in the request document, 1-based.
    public struct Location: Sendable, Hashable {
        /// The 1-based line.
        public var line: Int
        /// The 1-based column.
        public var column: Int

        /// The position at `line` and `column`, both 1-based.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// One step of a response path: an object key or a list index.
    public enum PathElement: Sendable, Hashable, CustomStringConvertible {
        /// A member of an object, by key.
        case key(String)
        /// An element of a list, by 0-based index.
        case index(Int)

        public var description: String {
            switch self {
            case .key(let key): return key
            case .index(let index): return String(index)
            }
        }
    }

    /// The server's description of the error, for developers.
    public var message: String
    /// Where in the document the error arose, when the server says.
    public var locations: [Location]
    /// The response path of the field that failed; `nil` for an error not tied to a field.
    public var path: [PathElement]?
    /// The server's own additions, exactly as sent (often `{"code": …}`).
    public var extensions: JSONValue?

    /// An error as a server sends it (spec §7.1.2).
    /// - Parameters:
    ///   - message: The description of the error, for developers.
    ///   - locations: Where in the document it arose.
    ///   - path: The response path of the field that failed; `nil` for an error not tied to a field.
    ///   - extensions: The server's own additions, as sent.
    public init(
        message: String,
        locations: [Location] = [],
        path: [PathElement]? = nil,
        extensions: JSONValue? = nil
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// `extensions.code` when it is a string: the value an app should branch on.
    public var code: String? {
        extensions?["code"]?.stringValue
    }
}

extension GraphQLError: CustomStringConvertible {
    public var description: String {
        var text = message
        if let path, !path.isEmpty { text += " at \(path.map(\.description).joined(separator: "."))" }
        if let code { text += " [\(code)]" }
        return text
    }
}
