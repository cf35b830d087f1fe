/// Why bytes are not a JSON text (RFC 8259), and where: byte offset, and 1-based line and column.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What rule the input broke; stable, for matching.
    public enum Code: String, Sendable, Hashable {
        /// The input ended inside a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here.
        case unexpectedCharacter
        /// A number that breaks the grammar, or `NaN`/`Infinity`.
        case invalidNumber
        /// A bad escape, an unescaped control character, or a broken surrogate pair.
        case invalidString
        /// Bytes that are not UTF-8.
        case invalidUTF8
        /// Nesting deeper than the parser's limit.
        case tooDeep
        /// Input larger than the caller's size limit.
        case tooLarge
        /// Something other than white space after the value.
        case trailingContent
    }

    /// What rule the input broke.
    public var code: Code
    /// What is wrong, in words, naming what was expected.
    public var message: String
    /// The 0-based byte offset of the offending byte.
    public var offset: Int
    /// The 1-based line of the offending byte.
    public var line: Int
    /// The 1-based column (in bytes) of the offending byte.
    public var column: Int

    /// An error saying why and where the input is not JSON.
    /// - Parameters:
    ///   - code: What rule the input broke.
    ///   - message: What is wrong, in words.
    ///   - offset: The 0-based byte offset of the offending byte.
    ///   - line: Its 1-based line.
    ///   - column: Its 1-based column, in bytes.
    public init(code: Code, message: String, offset: Int, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    public var description: String {
        "\(message) at line \(line), column \(column) (byte \(offset))"
    }
}
