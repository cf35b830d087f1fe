import CoreTestSupport
import Testing

@testable import BatonCompiler

/// Seeded, repeatable fuzzing of the lexer and parser: mutated and truncated kitchen sinks, deep
/// nesting and huge token counts end in a syntax ``Diagnostic`` inside the text, never a trap or a
/// stack overflow; and whatever parses prints to text that parses back to the same document.
@Suite struct ParserFuzzTests {
    static let fixtureNames = [
        "kitchen-sink.graphql", "schema-kitchen-sink.graphql", "test-schema.graphql", "schema-for-printing.graphql",
    ]

    /// Text that matters to the lexer, inserted more often than chance would: punctuators, quotes,
    /// block-string delimiters and escapes, number parts, keywords, line ends, NUL, a byte order
    /// mark and characters outside ASCII.
    static let pieces: [String] = [
        "{", "}", "[", "]", "(", ")", "!", "$", "&", ":", "=", "@", "|", "...", "..", ".", "\"", "\"\"\"",
        "\\\"\"\"", "\\", "\\u", "\\u{1F600}", "\\uD83D\\uDE00", "\\uD83D", "\\u{110000}", "\\n", "#", "\n", "\r",
        "\r\n", "\t", " ", ",", "\u{0}", "\u{FEFF}", "é", "😀", "\u{2028}", "\u{85}", "0", "-", "1.5e", "0x", "-0",
        "query", "fragment", "on", "extend", "type", "schema", "directive", "true", "null", "'", "\"desc\" ",
        "repeatable", "implements", "interface", "union", "enum", "input", "scalar", "$var", "@dir", "...on",
    ]

    static func fixtures() throws -> [[UInt8]] {
        try fixtureNames.map { Array(try fixture($0).utf8) }
    }

    /// One to four edits: a byte replaced by a piece's byte or any byte, a piece inserted, bytes
    /// deleted, a span duplicated, or the text cut short.
    static func mutate(_ input: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            let piece = Array(generator.pick(pieces).utf8)
            switch Int.random(in: 0..<7, using: &generator) {
            case 0 where !bytes.isEmpty:
                bytes[position] = Bool.random(using: &generator) ? generator.pick(piece) : UInt8.random(in: 0...255, using: &generator)
            case 1, 2:
                bytes.insert(contentsOf: piece, at: position)
            case 3 where !bytes.isEmpty:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &generator)))
            case 4 where !bytes.isEmpty:
                let span = bytes[position..<min(bytes.count, position + Int.random(in: 1...40, using: &generator))]
                bytes.insert(contentsOf: span, at: Int.random(in: 0...bytes.count, using: &generator))
            case 5:
                bytes = Array(bytes.prefix(position))
            default:
                bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
            }
        }
        return bytes
    }

    /// Parses `text` and checks what must hold whatever the outcome; returns whether it parsed.
    @discardableResult
    static func check(_ text: String, maxTokens: Int = Lexer.defaultMaxTokens, maxDepth: Int = Parser.defaultMaxDepth) -> Bool {
        var checked: Set<String> = []
        return check(text, maxTokens: maxTokens, maxDepth: maxDepth, skipping: &checked)
    }

    /// ``check(_:maxTokens:maxDepth:)``, skipping the round trip of a document whose structure is
    /// in `checked` (many truncations parse to the same document), and adding it there.
    static func check(
        _ text: String, maxTokens: Int = Lexer.defaultMaxTokens, maxDepth: Int = Parser.defaultMaxDepth, skipping checked: inout Set<String>
    ) -> Bool {
        let source = Source(text)
        let document: DocumentNode
        do {
            document = try Parser.parse(source, maxTokens: maxTokens, maxDepth: maxDepth)
        } catch {
            expectSyntaxError(error, in: source)
            return false
        }
        let shape = structure(document)
        if checked.insert(shape).inserted { expectRoundTrip(document, shape: shape, from: text) }
        return true
    }

    /// A syntax error names its kind and points inside the text it is about.
    static func expectSyntaxError(_ diagnostic: Diagnostic, in source: Source, containing words: String = "") {
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.hasPrefix("Syntax Error: "), "\(diagnostic)")
        #expect(words.isEmpty || diagnostic.message.contains(words), "\(diagnostic)")
        guard let location = diagnostic.location else {
            Issue.record("a syntax error without a location: \(diagnostic)")
            return
        }
        #expect(location.source === source)
        #expect(location.offset >= 0 && location.offset <= source.utf8.count, "\(diagnostic)")
        // Rendering with the caret must not trap either, wherever the offset lands.
        #expect(diagnostic.renderedWithSourceLine().contains("^"))
    }

    /// Printing gives text that parses to the same document (locations aside) and prints the same.
    static func expectRoundTrip(_ document: DocumentNode, shape: String, from text: String) {
        let printed = Printer.print(document)
        do {
            let reparsed = try Parser.parse(printed)
            #expect(Printer.print(reparsed) == printed, "printed again differently: \(text.debugDescription)")
            #expect(structure(reparsed) == shape, "\(text.debugDescription) printed as \(printed.debugDescription)")
        } catch {
            Issue.record("\(text.debugDescription) printed as \(printed.debugDescription), which does not parse: \(error)")
        }
    }

    @Test func mutatedKitchenSinksFailWithADiagnosticOrRoundTrip() throws {
        var generator = SeededGenerator(seed: 0x6A11_2026)
        let seeds = try Self.fixtures()
        var parsed = 0
        let cases = 2_000
        let elapsed = ContinuousClock().measure {
            for _ in 0..<cases {
                let bytes = Self.mutate(generator.pick(seeds), using: &generator)
                if Self.check(String(decoding: bytes, as: UTF8.self)) { parsed += 1 }
            }
        }
        // Both outcomes must be well exercised for the run to mean anything.
        #expect(parsed > cases / 20)
        #expect(parsed < cases - cases / 20)
        print("ParserFuzzTests: \(cases) mutated fixtures, \(parsed) parsed, in \(elapsed)")
    }

    /// Pieces of string text: quotes, escapes (valid and not), block-string delimiters, line
    /// ends, indentation, control characters and characters outside ASCII.
    static let stringPieces: [String] = [
        "a", "b c", " ", "  ", "\t", "\n", "\r", "\r\n", "\"", "\"\"", "\"\"\"", "\\", "\\\"\"\"", "\\n", "\\u0041",
        "\\u{1F600}", "\\uD83D\\uDE00", "\\x", "é", "😀", "\u{0}", "\u{1}", "\u{7F}", "\u{85}", "\u{2028}", "#", "{",
    ]

    static func stringText(using generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in generator.pick(stringPieces) }.joined()
    }

    @Test func generatedStringsAndBlockStringsFailClearlyOrRoundTrip() {
        var generator = SeededGenerator(seed: 0x5781_2026)
        var parsed = 0
        let cases = 3_000
        let elapsed = ContinuousClock().measure {
            for _ in 0..<cases {
                let raw = Self.stringText(using: &generator)
                let text =
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: "{ f(a: \"\(raw)\") }"
                    case 1: "{ f(a: \"\"\"\(raw)\"\"\") }"
                    case 2: "\"\"\"\(raw)\"\"\" type T { f(a: Int = 1): [Int!] }"
                    default: "\"\(raw)\" scalar S @d(a: \"\"\"\(raw)\"\"\")"
                    }
                if Self.check(text) { parsed += 1 }
                // Any value prints as a string, and as a block string when one can hold it.
                let value = raw.replacing("\\", with: "")
                Self.expectValue(value, printedAs: Printer.printString(value))
                if BlockString.canPrint(value) { Self.expectValue(value, printedAs: BlockString.print(value)) }
            }
        }
        #expect(parsed > cases / 10)
        #expect(parsed < cases - cases / 10)
        print("ParserFuzzTests: \(cases) generated strings, \(parsed) parsed, in \(elapsed)")
    }

    static func expectValue(_ value: String, printedAs literal: String) {
        do {
            guard case .string(let node) = try Parser.parseValue(literal) else {
                Issue.record("\(literal.debugDescription) is not a string")
                return
            }
            #expect(node.value == value, "\(value.debugDescription) printed as \(literal.debugDescription)")
        } catch {
            Issue.record("\(value.debugDescription) printed as \(literal.debugDescription), which does not parse: \(error)")
        }
    }

    /// A share of a fixture's truncation points, so the large fixture is checked in parts.
    struct Truncations: Sendable, CustomTestStringConvertible {
        var fixture: String
        var part: Int
        var parts: Int

        var testDescription: String { "\(fixture), part \(part + 1) of \(parts)" }
    }

    @Test(arguments: [
        Truncations(fixture: "kitchen-sink.graphql", part: 0, parts: 1),
        Truncations(fixture: "schema-kitchen-sink.graphql", part: 0, parts: 2),
        Truncations(fixture: "schema-kitchen-sink.graphql", part: 1, parts: 2),
    ])
    func everyTruncationFailsClearlyOrRoundTrips(_ truncations: Truncations) throws {
        let bytes = Array(try fixture(truncations.fixture).utf8)
        let ends = (0...bytes.count).filter { $0 % truncations.parts == truncations.part }
        var parsed = 0
        var checked: Set<String> = []
        let elapsed = ContinuousClock().measure {
            for end in ends where Self.check(String(decoding: bytes[..<end], as: UTF8.self), skipping: &checked) {
                parsed += 1
            }
        }
        // A prefix parses where a definition ends (or only comments and white space follow it).
        #expect(parsed > 2)
        print("ParserFuzzTests: \(ends.count) truncations of \(truncations.testDescription), \(parsed) parsed, in \(elapsed)")
    }

    /// Documents that open 100,000 levels and close none, by what they nest, and what the
    /// diagnostic must say.
    static let deepDocuments: [String: (text: String, says: String)] = [
        "bare braces": (String(repeating: "{", count: 100_000), "Expected Name, found \"{\""),
        "bare brackets": (String(repeating: "[", count: 100_000), "Unexpected \"[\""),
        "selection sets": (String(repeating: "{a", count: 100_000), "nests more than 128 levels deep"),
        "list values": ("{ f(a: " + String(repeating: "[", count: 100_000), "nests more than 128 levels deep"),
        "object values": ("{ f(a: " + String(repeating: "{a: ", count: 100_000), "nests more than 128 levels deep"),
        "lists and objects": ("{ f(a: " + String(repeating: "[1, {a: ", count: 50_000), "nests more than 128 levels deep"),
        "variable types": ("query ($v: " + String(repeating: "[", count: 100_000), "nests more than 128 levels deep"),
        "field argument types": ("type T { f(a: " + String(repeating: "[", count: 100_000), "nests more than 128 levels deep"),
        "inline fragments": ("{ a " + String(repeating: "... on T { a ", count: 100_000), "nests more than 128 levels deep"),
    ]

    @Test(arguments: deepDocuments.keys.sorted())
    func deepNestingIsADiagnosticNotAStackOverflow(_ nesting: String) {
        let (text, words) = Self.deepDocuments[nesting] ?? ("", "?")
        let source = Source(text)
        do {
            _ = try Parser.parse(source)
            Issue.record("100,000 levels of \(nesting) parsed")
        } catch {
            Self.expectSyntaxError(error, in: source, containing: words)
        }
    }

    @Test func deepValuesAndTypesAloneAreDiagnostics() {
        let brackets = String(repeating: "[", count: 100_000)
        #expect(throws: Diagnostic.self) { try Parser.parseValue(brackets) }
        #expect(throws: Diagnostic.self) { try Parser.parseValue(String(repeating: "{a:", count: 100_000)) }
        #expect(throws: Diagnostic.self) { try Parser.parseType(brackets + "Int" + String(repeating: "]", count: 100_000)) }
    }

    @Test func nestingAtTheLimitParsesAndOneMoreFails() throws {
        func selections(_ depth: Int) -> String {
            String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
        }
        #expect(Self.check(selections(Parser.defaultMaxDepth)))
        #expect(!Self.check(selections(Parser.defaultMaxDepth + 1)))
        #expect(Self.check(selections(5), maxDepth: 5))
        #expect(!Self.check(selections(6), maxDepth: 5))
        let list = String(repeating: "[", count: 127) + String(repeating: "]", count: 127)
        #expect(Self.check("{ f(a: \(list)) }"))  // the selection set is the 128th level
        #expect(!Self.check("{ f(a: [\(list)]) }"))
    }

    @Test func hugeTokenCountsStopAtTheTokenLimit() {
        let fields = "{ " + String(repeating: "a ", count: 200_000) + "}"
        let source = Source(fields)
        let elapsed = ContinuousClock().measure {
            do throws(Diagnostic) {
                _ = try Parser.parse(source)
                Issue.record("200,000 tokens parsed past the limit")
            } catch {
                Self.expectSyntaxError(error, in: source, containing: "more than 100000 tokens")
                // The limit stops the lexer where it is, not at the end of the text.
                #expect((error.location?.offset ?? 0) < 200_010)
            }
        }
        #expect(elapsed < .seconds(20))
        // Ignored tokens (commas, white space, comments) do not count; the limit counts exactly.
        let commas = "{ a" + String(repeating: ",", count: 500_000) + " # " + String(repeating: "x", count: 500_000) + "\n b }"
        #expect(Self.check(commas, maxTokens: 4))
        #expect(!Self.check(commas, maxTokens: 3))
        #expect(throws: Diagnostic.self) { try Parser.parse(Source(String(repeating: "!", count: 200_000)), maxTokens: 10) }
    }

    @Test func hugeSingleTokensAreReadInLinearTime() {
        let size = 200_000
        let elapsed = ContinuousClock().measure {
            #expect(Self.check("{ f(a: \"" + String(repeating: "x", count: size) + "\") }"))
            #expect(Self.check("{ f(a: \"\"\"" + String(repeating: "x\n", count: size / 2) + "\"\"\") }"))
            #expect(Self.check("{ " + String(repeating: "n", count: size) + " }"))
            #expect(Self.check("{ f(a: " + String(repeating: "9", count: size) + ") }"))
            #expect(!Self.check("{ f(a: \"" + String(repeating: "x", count: size)))
            #expect(!Self.check("{ f(a: \"\"\"" + String(repeating: "\\\"\"\"", count: size / 4)))
        }
        // A loose bound: quadratic work on 200 kB tokens would take minutes.
        #expect(elapsed < .seconds(20))
        print("ParserFuzzTests: six 200 kB tokens in \(elapsed)")
    }
}
