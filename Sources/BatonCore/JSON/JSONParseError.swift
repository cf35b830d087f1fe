/// Why bytes are not a JSON text (RFC 8259), and where: byte offset, and 1-based line and column.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What rule the input broke; stable, for matching.
    /// Later versions may add codes, so a `switch` over them needs a `default:`; compare with
    /// the static members (`code == .unexpectedEnd`) and log ``rawValue``.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name, as logs and events spell it.
        public var rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The input ended inside a value.
        public static let unexpectedEnd = Code(rawValue: "unexpectedEnd")

        /// A byte that cannot start or continue a value here.
        public static let unexpectedCharacter = Code(rawValue: "unexpectedCharacter")

        /// A number that breaks the grammar, or `NaN`/`Infinity`.
        public static let invalidNumber = Code(rawValue: "invalidNumber")

        /// A bad escape, an unescaped control character, or a broken surrogate pair.
        public static let invalidString = Code(rawValue: "invalidString")

        /// Bytes that are not UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalidUTF8")

        /// Nesting deeper than the parser's limit.
        public static let tooDeep = Code(rawValue: "tooDeep")

        /// Input larger than the caller's size limit.
        public static let tooLarge = Code(rawValue: "tooLarge")

        /// Something other than white space after the value.
        public static let trailingContent = Code(rawValue: "trailingContent")
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
