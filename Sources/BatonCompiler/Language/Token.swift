/// The kinds of lexical token (spec §2.1.6 Lexical Tokens), spelled as graphql-js spells them in
/// its error messages.
package enum TokenKind: String, Sendable, Hashable {
    case startOfFile = "<SOF>"
    case endOfFile = "<EOF>"
    case bang = "!"
    case dollar = "$"
    case ampersand = "&"
    case parenLeft = "("
    case parenRight = ")"
    case spread = "..."
    case colon = ":"
    case equals = "="
    case at = "@"
    case bracketLeft = "["
    case bracketRight = "]"
    case braceLeft = "{"
    case pipe = "|"
    case braceRight = "}"
    case name = "Name"
    case int = "Int"
    case float = "Float"
    case string = "String"
    case blockString = "BlockString"

    /// Whether the kind is a punctuator, which messages quote (`"}"`) where they name other kinds bare.
    package var isPunctuator: Bool {
        switch self {
        case .bang, .dollar, .ampersand, .parenLeft, .parenRight, .spread, .colon, .equals, .at,
            .bracketLeft, .bracketRight, .braceLeft, .pipe, .braceRight:
            return true
        case .startOfFile, .endOfFile, .name, .int, .float, .string, .blockString:
            return false
        }
    }

    /// The kind as an error message names it: `"}"`, `Name`, `<EOF>`.
    package var messageDescription: String {
        isPunctuator ? "\"\(rawValue)\"" : rawValue
    }
}

/// One lexical token: its kind, its byte range in the source and, for names, numbers and strings,
/// its value (a string's value has its escapes applied and a block string's is dedented).
package struct Token: Sendable, Hashable {
    /// What kind of token it is.
    package var kind: TokenKind
    /// The byte offset of the token's first byte.
    package var start: Int
    /// The byte offset just past the token.
    package var end: Int
    /// The value of a name, number or string; empty for punctuators and the file's ends.
    package var value: String

    /// A token of `kind` spanning the bytes from `start` to `end`.
    package init(kind: TokenKind, start: Int, end: Int, value: String = "") {
        self.kind = kind
        self.start = start
        self.end = end
        self.value = value
    }

    /// The token as an error message names it: `"}"`, `Name "foo"`, `<EOF>`.
    package var messageDescription: String {
        switch kind {
        case .name, .int, .float, .string, .blockString:
            return "\(kind.messageDescription) \"\(value)\""
        default:
            return kind.messageDescription
        }
    }
}
