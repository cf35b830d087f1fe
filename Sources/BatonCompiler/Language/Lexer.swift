/// Turns a ``Source`` into ``Token``s, one at a time (spec §2.1 Source Text).
///
/// White space, line terminators, commas, comments and the byte order mark are skipped
/// (spec §2.1.7 Ignored Tokens). After `maxTokens` tokens the lexer stops with a diagnostic, so a
/// hostile document costs bounded work.
package struct Lexer: Sendable {
    /// How many tokens a document may have when no limit is given.
    package static let defaultMaxTokens = 100_000

    /// The source being read.
    package let source: Source
    /// The current token; `<SOF>` before the first ``advance()``.
    package private(set) var token: Token
    /// How many tokens have been read, not counting the file's ends.
    package private(set) var tokenCount = 0
    let maxTokens: Int
    let bytes: [UInt8]
    private var next: Token?

    /// A lexer at the start of `source`.
    /// - Parameters:
    ///   - source: The text to read.
    ///   - maxTokens: How many tokens to read before giving up with a diagnostic.
    package init(source: Source, maxTokens: Int = Lexer.defaultMaxTokens) {
        self.source = source
        self.bytes = source.utf8
        self.maxTokens = maxTokens
        self.token = Token(kind: .startOfFile, start: 0, end: 0)
    }

    /// Moves to the next token and returns it; at the end it stays at `<EOF>`.
    /// - Throws: A syntax ``Diagnostic`` for text that is not a token, or past the token limit.
    @discardableResult
    package mutating func advance() throws(Diagnostic) -> Token {
        token = try lookahead()
        next = nil
        return token
    }

    /// The token after the current one, without moving to it.
    /// - Throws: A syntax ``Diagnostic`` for text that is not a token, or past the token limit.
    package mutating func lookahead() throws(Diagnostic) -> Token {
        if let next { return next }
        if token.kind == .endOfFile { return token }
        let read = try readToken(from: token.end)
        if read.kind != .endOfFile {
            tokenCount += 1
            if tokenCount > maxTokens {
                throw syntaxError(
                    "Document contains more than \(maxTokens) tokens. Parsing aborted.", at: read.start)
            }
        }
        next = read
        return read
    }

    /// A diagnostic saying `Syntax Error: <description>` at a byte offset.
    func syntaxError(_ description: String, at offset: Int) -> Diagnostic {
        Diagnostic("Syntax Error: \(description)", at: SourceLocation(source: source, offset: offset))
    }

    func byte(at position: Int) -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    /// Skips ignored tokens from `start` and reads one token (spec §2.1.6).
    private func readToken(from start: Int) throws(Diagnostic) -> Token {
        var position = start
        while position < bytes.count {
            let code = bytes[position]
            switch code {
            case 0xEF where byte(at: position + 1) == 0xBB && byte(at: position + 2) == 0xBF:
                position += 3  // UnicodeBOM
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                position += 1
            case UInt8(ascii: "#"):
                position = skipComment(from: position)
            case UInt8(ascii: "!"): return punctuator(.bang, at: position)
            case UInt8(ascii: "$"): return punctuator(.dollar, at: position)
            case UInt8(ascii: "&"): return punctuator(.ampersand, at: position)
            case UInt8(ascii: "("): return punctuator(.parenLeft, at: position)
            case UInt8(ascii: ")"): return punctuator(.parenRight, at: position)
            case UInt8(ascii: "."):
                if byte(at: position + 1) == UInt8(ascii: "."), byte(at: position + 2) == UInt8(ascii: ".") {
                    return Token(kind: .spread, start: position, end: position + 3)
                }
                throw unexpectedCharacter(at: position)
            case UInt8(ascii: ":"): return punctuator(.colon, at: position)
            case UInt8(ascii: "="): return punctuator(.equals, at: position)
            case UInt8(ascii: "@"): return punctuator(.at, at: position)
            case UInt8(ascii: "["): return punctuator(.bracketLeft, at: position)
            case UInt8(ascii: "]"): return punctuator(.bracketRight, at: position)
            case UInt8(ascii: "{"): return punctuator(.braceLeft, at: position)
            case UInt8(ascii: "|"): return punctuator(.pipe, at: position)
            case UInt8(ascii: "}"): return punctuator(.braceRight, at: position)
            case UInt8(ascii: "\""):
                if byte(at: position + 1) == UInt8(ascii: "\""), byte(at: position + 2) == UInt8(ascii: "\"") {
                    return try readBlockString(from: position)
                }
                return try readString(from: position)
            default:
                if Self.isDigit(code) || code == UInt8(ascii: "-") {
                    return try readNumber(from: position)
                }
                if Self.isNameStart(code) {
                    return readName(from: position)
                }
                if code == UInt8(ascii: "'") {
                    throw syntaxError(
                        "Unexpected single quote character ('), did you mean to use a double quote (\")?",
                        at: position)
                }
                throw unexpectedCharacter(at: position)
            }
        }
        return Token(kind: .endOfFile, start: bytes.count, end: bytes.count)
    }

    private func punctuator(_ kind: TokenKind, at position: Int) -> Token {
        Token(kind: kind, start: position, end: position + 1)
    }

    private func unexpectedCharacter(at position: Int) -> Diagnostic {
        syntaxError("Unexpected character: \(printCharacter(at: position)).", at: position)
    }

    /// Comment :: `#` CommentChar* — runs to the end of the line.
    private func skipComment(from start: Int) -> Int {
        var position = start + 1
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
            position += 1
        }
        return position
    }

    /// Name :: NameStart NameContinue* (spec §2.1.9).
    private func readName(from start: Int) -> Token {
        var position = start + 1
        while position < bytes.count, Self.isNameContinue(bytes[position]) {
            position += 1
        }
        return Token(kind: .name, start: start, end: position, value: text(start, position))
    }

    /// IntValue :: IntegerPart; FloatValue :: IntegerPart FractionalPart? ExponentPart? (spec §2.1.10-11).
    private func readNumber(from start: Int) throws(Diagnostic) -> Token {
        var position = start
        var isFloat = false
        if byte(at: position) == UInt8(ascii: "-") { position += 1 }
        if byte(at: position) == UInt8(ascii: "0") {
            position += 1
            if let code = byte(at: position), Self.isDigit(code) {
                throw syntaxError(
                    "Invalid number, unexpected digit after 0: \(printCharacter(at: position)).", at: position)
            }
        } else {
            position = try readDigits(from: position)
        }
        if byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position = try readDigits(from: position + 1)
        }
        if byte(at: position) == UInt8(ascii: "e") || byte(at: position) == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            if byte(at: position) == UInt8(ascii: "+") || byte(at: position) == UInt8(ascii: "-") { position += 1 }
            position = try readDigits(from: position)
        }
        // A number may not run straight into a `.` or a name (spec: lookahead restriction).
        if let code = byte(at: position), code == UInt8(ascii: ".") || Self.isNameStart(code) {
            throw syntaxError(
                "Invalid number, expected digit but got: \(printCharacter(at: position)).", at: position)
        }
        return Token(kind: isFloat ? .float : .int, start: start, end: position, value: text(start, position))
    }

    private func readDigits(from start: Int) throws(Diagnostic) -> Int {
        guard let first = byte(at: start), Self.isDigit(first) else {
            throw syntaxError("Invalid number, expected digit but got: \(printCharacter(at: start)).", at: start)
        }
        var position = start + 1
        while let code = byte(at: position), Self.isDigit(code) { position += 1 }
        return position
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The character at a position as messages show it: `"a"`, `'"'`, `U+00DF`, or `<EOF>`.
    func printCharacter(at position: Int) -> String {
        guard position < bytes.count else { return TokenKind.endOfFile.rawValue }
        let scalar = decodeScalar(at: position).scalar
        if scalar.value >= 0x20, scalar.value <= 0x7E {
            return scalar == "\"" ? "'\"'" : "\"\(Character(scalar))\""
        }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The scalar whose UTF-8 encoding starts at `position`, and its length in bytes.
    func decodeScalar(at position: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = bytes[position]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        let end = min(position + length, bytes.count)
        var iterator = bytes[position..<end].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, end - position) }
        return ("\u{FFFD}", 1)
    }

    static func isDigit(_ code: UInt8) -> Bool {
        code >= UInt8(ascii: "0") && code <= UInt8(ascii: "9")
    }

    static func isNameStart(_ code: UInt8) -> Bool {
        (code >= UInt8(ascii: "a") && code <= UInt8(ascii: "z"))
            || (code >= UInt8(ascii: "A") && code <= UInt8(ascii: "Z"))
            || code == UInt8(ascii: "_")
    }

    static func isNameContinue(_ code: UInt8) -> Bool {
        isNameStart(code) || isDigit(code)
    }
}
