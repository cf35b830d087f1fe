import Testing

@testable import BatonCompiler

private func lexOne(_ text: String) throws -> Token {
    var lexer = Lexer(source: Source(text))
    return try lexer.advance()
}

/// The error of lexing the first two tokens, as graphql-js's `expectSyntaxError` does.
private func lexError(_ text: String) -> Diagnostic? {
    var lexer = Lexer(source: Source(text))
    do {
        try lexer.advance()
        try lexer.advance()
        return nil
    } catch {
        return error
    }
}

private func expectLexError(
    _ text: String, _ message: String, _ line: Int, _ column: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let diagnostic = lexError(text)
    #expect(diagnostic?.message == "Syntax Error: " + message, sourceLocation: sourceLocation)
    #expect(diagnostic?.location?.line == line, sourceLocation: sourceLocation)
    #expect(diagnostic?.location?.column == column, sourceLocation: sourceLocation)
}

@Suite struct LexerTests {
    @Test func ignoresByteOrderMark() throws {
        let token = try lexOne("\u{FEFF} foo")
        #expect(token == Token(kind: .name, start: 4, end: 7, value: "foo"))
    }

    @Test func tracksLineBreaks() throws {
        for (text, line) in [("foo", 1), ("\nfoo", 2), ("\rfoo", 2), ("\r\nfoo", 2), ("\n\rfoo", 3), ("\r\r\n\nfoo", 4)] {
            let token = try lexOne(text)
            let location = BatonCompiler.SourceLocation(source: Source(text), offset: token.start)
            #expect(location.line == line, "\(text.debugDescription)")
            #expect(location.column == 1)
        }
        let text = "\n \r\n \r  foo\n"
        let token = try lexOne(text)
        let location = BatonCompiler.SourceLocation(source: Source(text), offset: token.start)
        #expect(token.start == 8 && token.end == 11)
        #expect(location.line == 4 && location.column == 3)
    }

    @Test func skipsWhiteSpaceCommentsAndCommas() throws {
        #expect(try lexOne("\n\n    foo\n\n\n") == Token(kind: .name, start: 6, end: 9, value: "foo"))
        #expect(try lexOne("\t\tfoo\t\t") == Token(kind: .name, start: 2, end: 5, value: "foo"))
        #expect(try lexOne("\n    #comment\n    foo#comment\n") == Token(kind: .name, start: 18, end: 21, value: "foo"))
        #expect(try lexOne(",,,foo,,,") == Token(kind: .name, start: 3, end: 6, value: "foo"))
        #expect(try lexOne("# only a comment").kind == .endOfFile)
    }

    @Test func lexesStrings() throws {
        let cases: [(String, String)] = [
            (#""""#, ""),
            (#""simple""#, "simple"),
            (#"" white space ""#, " white space "),
            (#""quote \"""#, "quote \""),
            (#""escaped \n\r\b\t\f""#, "escaped \n\r\u{8}\t\u{C}"),
            (#""slashes \\ \/""#, "slashes \\ /"),
            ("\"unescaped unicode outside BMP \u{1F600}\"", "unescaped unicode outside BMP \u{1F600}"),
            ("\"unescaped maximal unicode outside BMP \u{10FFFF}\"", "unescaped maximal unicode outside BMP \u{10FFFF}"),
            (#""unicode \u1234\u5678\u90AB\uCDEF""#, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"),
            (#""unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}""#, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}"),
            (#""string with unicode escape outside BMP \u{1F600}""#, "string with unicode escape outside BMP \u{1F600}"),
            (#""string with minimal unicode escape \u{0}""#, "string with minimal unicode escape \u{0}"),
            (#""string with maximal unicode escape \u{10FFFF}""#, "string with maximal unicode escape \u{10FFFF}"),
            (#""string with maximal minimal unicode escape \u{00000000}""#, "string with maximal minimal unicode escape \u{0}"),
            (#""string with unicode surrogate pair escape \uD83D\uDE00""#, "string with unicode surrogate pair escape \u{1F600}"),
            (#""string with minimal surrogate pair escape \uD800\uDC00""#, "string with minimal surrogate pair escape \u{10000}"),
            (#""string with maximal surrogate pair escape \uDBFF\uDFFF""#, "string with maximal surrogate pair escape \u{10FFFF}"),
            ("\"control \u{7} characters are source characters\"", "control \u{7} characters are source characters"),
        ]
        for (text, value) in cases {
            let token = try lexOne(text)
            #expect(token.kind == .string, "\(text)")
            #expect(token.value == value, "\(text)")
            #expect(token.start == 0 && token.end == text.utf8.count, "\(text)")
        }
    }

    @Test func reportsStringErrors() {
        expectLexError("\"", "Unterminated string.", 1, 2)
        expectLexError("\"\"\"", "Unterminated string.", 1, 4)
        expectLexError("\"\"\"\"", "Unterminated string.", 1, 5)
        expectLexError(#""no end quote"#, "Unterminated string.", 1, 14)
        expectLexError("'single quotes'", #"Unexpected single quote character ('), did you mean to use a double quote (")?"#, 1, 1)
        expectLexError("\"multi\nline\"", "Unterminated string.", 1, 7)
        expectLexError("\"multi\rline\"", "Unterminated string.", 1, 7)
        expectLexError(#""bad \z esc""#, #"Invalid character escape sequence: "\z"."#, 1, 6)
        expectLexError(#""bad \x esc""#, #"Invalid character escape sequence: "\x"."#, 1, 6)
        expectLexError(#""bad \u1 esc""#, #"Invalid Unicode escape sequence: "\u1 es"."#, 1, 6)
        expectLexError(#""bad \u0XX1 esc""#, #"Invalid Unicode escape sequence: "\u0XX1"."#, 1, 6)
        expectLexError(#""bad \uXXXX esc""#, #"Invalid Unicode escape sequence: "\uXXXX"."#, 1, 6)
        expectLexError(#""bad \uFXXX esc""#, #"Invalid Unicode escape sequence: "\uFXXX"."#, 1, 6)
        expectLexError(#""bad \uXXXF esc""#, #"Invalid Unicode escape sequence: "\uXXXF"."#, 1, 6)
        expectLexError(#""bad \u{} esc""#, #"Invalid Unicode escape sequence: "\u{}"."#, 1, 6)
        expectLexError(#""bad \u{FXXX} esc""#, #"Invalid Unicode escape sequence: "\u{FX"."#, 1, 6)
        expectLexError(#""bad \u{FFFF esc""#, #"Invalid Unicode escape sequence: "\u{FFFF "."#, 1, 6)
        expectLexError(#""bad \u{FFFF""#, #"Invalid Unicode escape sequence: "\u{FFFF""."#, 1, 6)
        expectLexError(#""too high \u{110000} esc""#, #"Invalid Unicode escape sequence: "\u{110000}"."#, 1, 11)
        expectLexError(#""way too high \u{12345678} esc""#, #"Invalid Unicode escape sequence: "\u{12345678}"."#, 1, 15)
        expectLexError(#""too long \u{000000000} esc""#, #"Invalid Unicode escape sequence: "\u{000000000"."#, 1, 11)
        expectLexError(#""bad surrogate \uDEAD esc""#, #"Invalid Unicode escape sequence: "\uDEAD"."#, 1, 16)
        expectLexError(#""bad surrogate \u{DEAD} esc""#, #"Invalid Unicode escape sequence: "\u{DEAD}"."#, 1, 16)
        expectLexError(
            #""cannot use braces for surrogate pair \u{D83D}\u{DE00} esc""#,
            #"Invalid Unicode escape sequence: "\u{D83D}"."#, 1, 39)
        expectLexError(#""bad high surrogate pair \uDEAD\uDEAD esc""#, #"Invalid Unicode escape sequence: "\uDEAD"."#, 1, 26)
        expectLexError(#""bad low surrogate pair \uD800\uD800 esc""#, #"Invalid Unicode escape sequence: "\uD800"."#, 1, 25)
        expectLexError(#""bad \uD83D\not an escape""#, #"Invalid Unicode escape sequence: "\uD83D"."#, 1, 6)
    }

    @Test func lexesBlockStrings() throws {
        let cases: [(String, String)] = [
            (#""""""""#, ""),
            (#""""simple""""#, "simple"),
            (#"""" white space """"#, " white space "),
            (#""""contains " quote""""#, #"contains " quote"#),
            (#""""contains \""" triple quote""""#, #"contains """ triple quote"#),
            ("\"\"\"multi\nline\"\"\"", "multi\nline"),
            ("\"\"\"multi\rline\r\nnormalized\"\"\"", "multi\nline\nnormalized"),
            (#""""unescaped \n\r\b\t\f\u1234""""#, #"unescaped \n\r\b\t\f\u1234"#),
            ("\"\"\"unescaped unicode outside BMP \u{1F600}\"\"\"", "unescaped unicode outside BMP \u{1F600}"),
            (#""""slashes \\ \/""""#, #"slashes \\ \/"#),
            (
                "\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \"\"\"",
                "spans\n  multiple\n    lines"
            ),
        ]
        for (text, value) in cases {
            let token = try lexOne(text)
            #expect(token.kind == .blockString, "\(text)")
            #expect(token.value == value, "\(text)")
            #expect(token.end == text.utf8.count, "\(text)")
        }
    }

    @Test func advancesLinesAfterBlockStrings() throws {
        let text = "\"\"\" \nspans \r\nmultiple \n\rlines \n\n\"\"\"\n second_token"
        var lexer = Lexer(source: Source(text))
        try lexer.advance()
        let second = try lexer.advance()
        let location = BatonCompiler.SourceLocation(source: lexer.source, offset: second.start)
        #expect(second == Token(kind: .name, start: 37, end: 49, value: "second_token"))
        #expect(location.line == 8 && location.column == 2)
    }

    @Test func reportsBlockStringErrors() {
        expectLexError("\"\"\"", "Unterminated string.", 1, 4)
        expectLexError("\"\"\"no end quote", "Unterminated string.", 1, 16)
    }

    @Test func lexesNumbers() throws {
        let cases: [(String, TokenKind)] = [
            ("4", .int), ("4.123", .float), ("-4", .int), ("9", .int), ("0", .int), ("-4.123", .float),
            ("0.123", .float), ("123e4", .float), ("123E4", .float), ("123e-4", .float), ("123e+4", .float),
            ("-1.123e4", .float), ("-1.123E4", .float), ("-1.123e-4", .float), ("-1.123e+4", .float),
            ("-1.123e4567", .float),
        ]
        for (text, kind) in cases {
            #expect(try lexOne(text) == Token(kind: kind, start: 0, end: text.utf8.count, value: text))
        }
    }

    @Test func reportsNumberErrors() {
        expectLexError("00", #"Invalid number, unexpected digit after 0: "0"."#, 1, 2)
        expectLexError("01", #"Invalid number, unexpected digit after 0: "1"."#, 1, 2)
        expectLexError("01.23", #"Invalid number, unexpected digit after 0: "1"."#, 1, 2)
        expectLexError("+1", #"Unexpected character: "+"."#, 1, 1)
        expectLexError("1.", "Invalid number, expected digit but got: <EOF>.", 1, 3)
        expectLexError("1e", "Invalid number, expected digit but got: <EOF>.", 1, 3)
        expectLexError("1E", "Invalid number, expected digit but got: <EOF>.", 1, 3)
        expectLexError("1.e1", #"Invalid number, expected digit but got: "e"."#, 1, 3)
        expectLexError(".123", #"Unexpected character: "."."#, 1, 1)
        expectLexError("1.A", #"Invalid number, expected digit but got: "A"."#, 1, 3)
        expectLexError("-A", #"Invalid number, expected digit but got: "A"."#, 1, 2)
        expectLexError("1.0e", "Invalid number, expected digit but got: <EOF>.", 1, 5)
        expectLexError("1.0eA", #"Invalid number, expected digit but got: "A"."#, 1, 5)
        expectLexError(#"1.0e""#, #"Invalid number, expected digit but got: '"'."#, 1, 5)
        expectLexError("1.2e3e", #"Invalid number, expected digit but got: "e"."#, 1, 6)
        expectLexError("1.2e3.4", #"Invalid number, expected digit but got: "."."#, 1, 6)
        expectLexError("1.23.4", #"Invalid number, expected digit but got: "."."#, 1, 5)
        expectLexError("0xF1", #"Invalid number, expected digit but got: "x"."#, 1, 2)
        expectLexError("123abc", #"Invalid number, expected digit but got: "a"."#, 1, 4)
        expectLexError("1_234", #"Invalid number, expected digit but got: "_"."#, 1, 2)
        expectLexError("1\u{DF}", "Unexpected character: U+00DF.", 1, 2)
    }

    @Test func lexesPunctuators() throws {
        let cases: [(String, TokenKind)] = [
            ("!", .bang), ("$", .dollar), ("&", .ampersand), ("(", .parenLeft), (")", .parenRight),
            ("...", .spread), (":", .colon), ("=", .equals), ("@", .at), ("[", .bracketLeft),
            ("]", .bracketRight), ("{", .braceLeft), ("|", .pipe), ("}", .braceRight),
        ]
        for (text, kind) in cases {
            #expect(try lexOne(text) == Token(kind: kind, start: 0, end: text.utf8.count))
        }
    }

    @Test func reportsUnknownCharacters() {
        expectLexError("..", #"Unexpected character: "."."#, 1, 1)
        expectLexError("~", #"Unexpected character: "~"."#, 1, 1)
        expectLexError("\u{0}", "Unexpected character: U+0000.", 1, 1)
        expectLexError("\u{8}", "Unexpected character: U+0008.", 1, 1)
        expectLexError("\u{AA}", "Unexpected character: U+00AA.", 1, 1)
        expectLexError("\u{AAA}", "Unexpected character: U+0AAA.", 1, 1)
        expectLexError("\u{203B}", "Unexpected character: U+203B.", 1, 1)
        expectLexError("\u{1F600}", "Unexpected character: U+1F600.", 1, 1)
        expectLexError("?", #"Unexpected character: "?"."#, 1, 1)
    }

    @Test func columnsCountBytes() {
        // "é" is two bytes, so the tilde is at byte offset 5 and column 6, as swiftc would count it.
        expectLexError("\"é\" ~", #"Unexpected character: "~"."#, 1, 6)
    }

    @Test func stopsAtTheTokenLimit() throws {
        var lexer = Lexer(source: Source("{ a b }"), maxTokens: 3)
        try lexer.advance()
        try lexer.advance()
        try lexer.advance()
        let error = #expect(throws: Diagnostic.self) { try lexer.advance() }
        #expect(error?.message == "Syntax Error: Document contains more than 3 tokens. Parsing aborted.")
        #expect(error?.location?.column == 7)
        var exact = Lexer(source: Source("{ a }"), maxTokens: 3)
        for _ in 0..<4 { try exact.advance() }
        #expect(exact.token.kind == .endOfFile)
        #expect(exact.tokenCount == 3)
    }

    @Test func lookaheadDoesNotMove() throws {
        var lexer = Lexer(source: Source("a b"))
        try lexer.advance()
        #expect(try lexer.lookahead().value == "b")
        #expect(lexer.token.value == "a")
        #expect(try lexer.advance().value == "b")
        #expect(try lexer.advance().kind == .endOfFile)
        #expect(try lexer.advance().kind == .endOfFile)
    }
}
