import Testing

@testable import BatonCompiler

/// One document that does not parse, with graphql-js's message and the line and column it points at.
struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var line: Int
    var column: Int

    init(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        self.text = text
        self.message = message
        self.line = line
        self.column = column
    }

    var testDescription: String { text.debugDescription }
}

private let syntaxErrorCases: [SyntaxErrorCase] = [
    // Documents and definitions
    .init("", "Unexpected <EOF>.", 1, 1),
    .init("   # only a comment", "Unexpected <EOF>.", 1, 20),
    .init("notAnOperation Foo { field }", #"Unexpected Name "notAnOperation"."#, 1, 1),
    .init("...", #"Unexpected "..."."#, 1, 1),
    .init("{ f } }", #"Unexpected "}"."#, 1, 7),
    .init("query Foo { f } garbage", #"Unexpected Name "garbage"."#, 1, 17),
    .init(#""desc" { f }"#, "Unexpected description, descriptions are not supported on shorthand queries.", 1, 1),
    .init(#""desc" extend type T @d"#, "Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
    .init(#""desc""#, "Unexpected <EOF>.", 1, 7),
    .init(#""desc" notAKeyword"#, "Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
    // Operations and selections
    .init("{", "Expected Name, found <EOF>.", 1, 2),
    .init("{ }", #"Expected Name, found "}"."#, 1, 3),
    .init("query", #"Expected "{", found <EOF>."#, 1, 6),
    .init(#"{ """#, #"Expected Name, found String ""."#, 1, 3),
    .init("{ field: {} }", #"Expected Name, found "{"."#, 1, 10),
    .init("{\n  a\n  b:\n}", #"Expected Name, found "}"."#, 4, 1),
    .init("{ f(a 1) }", #"Expected ":", found Int "1"."#, 1, 7),
    .init("{ f(a: ) }", #"Unexpected ")"."#, 1, 8),
    .init("{ f(a: 1 }", #"Expected Name, found "}"."#, 1, 10),
    .init("{ f() }", #"Expected Name, found ")"."#, 1, 5),
    .init("{ f @ }", #"Expected Name, found "}"."#, 1, 7),
    .init("{ f(a: [1, 2) }", #"Unexpected ")"."#, 1, 13),
    .init("{ f(a: {b 1}) }", #"Expected ":", found Int "1"."#, 1, 11),
    .init("{ f(a: {1: 2}) }", #"Expected Name, found Int "1"."#, 1, 9),
    .init("{ f ~ }", #"Unexpected character: "~"."#, 1, 5),
    .init("{ f(a: 01) }", #"Invalid number, unexpected digit after 0: "1"."#, 1, 9),
    .init("{ f(a: 1.) }", #"Invalid number, expected digit but got: ")"."#, 1, 10),
    .init("{ f(a: 'x') }", #"Unexpected single quote character ('), did you mean to use a double quote (")?"#, 1, 8),
    .init("query Q {\n  f(a: \"\\x\")\n}", #"Invalid character escape sequence: "\x"."#, 2, 9),
    .init("{ f(a: \"open) }", "Unterminated string.", 1, 16),
    // Variables
    .init("query Foo($a) { f }", #"Expected ":", found ")"."#, 1, 13),
    .init("query Foo(a: Int) { f }", #"Expected "$", found Name "a"."#, 1, 11),
    .init("query Foo($a: [Int) { f }", #"Expected "]", found ")"."#, 1, 19),
    .init("query Foo($a: ) { f }", #"Expected Name, found ")"."#, 1, 15),
    .init("query Foo($a: Int = $b) { f }", #"Unexpected variable "$b" in constant value."#, 1, 21),
    .init("query Foo($a: Int = $) { f }", #"Unexpected "$"."#, 1, 21),
    .init("query Foo($a: Int @d(x: $y)) { f }", #"Unexpected variable "$y" in constant value."#, 1, 25),
    .init("subscription S($a: Int!! ) { f }", #"Expected "$", found "!"."#, 1, 24),
    .init("query Foo() { f }", #"Expected "$", found ")"."#, 1, 11),
    // Fragments
    .init("{ ...MissingOn }\nfragment MissingOn Type", #"Expected "on", found Name "Type"."#, 2, 20),
    .init("fragment on on on { on }", #"Unexpected Name "on"."#, 1, 10),
    .init("{ ...on }", #"Expected Name, found "}"."#, 1, 9),
    .init("fragment F on T { f } fragment", "Expected Name, found <EOF>.", 1, 31),
    .init("{ ... on T @include(if: true) }", #"Expected "{", found "}"."#, 1, 31),
    .init("fragment F on T @d($v: 1) { f }", #"Expected Name, found "$"."#, 1, 20),
    // Schema definitions
    .init("schema { query }", #"Expected ":", found "}"."#, 1, 16),
    .init("schema { foo: Bar }", #"Unexpected Name "foo"."#, 1, 10),
    .init("schema {}", #"Expected Name, found "}"."#, 1, 9),
    .init("type Foo { bar }", #"Expected ":", found "}"."#, 1, 16),
    .init("type Foo implements { f: Int }", #"Expected Name, found "{"."#, 1, 21),
    .init("type Foo { f(: Int): Int }", #"Expected Name, found ":"."#, 1, 14),
    .init("type Foo {}", #"Expected Name, found "}"."#, 1, 11),
    .init("type T @d(a: $v) { f: Int }", #"Unexpected variable "$v" in constant value."#, 1, 14),
    .init("union U = | ", "Expected Name, found <EOF>.", 1, 13),
    .init("union U = A |", "Expected Name, found <EOF>.", 1, 14),
    .init("enum E { true }", #"Name "true" is reserved and cannot be used for an enum value."#, 1, 10),
    .init("enum E { null }", #"Name "null" is reserved and cannot be used for an enum value."#, 1, 10),
    .init("enum E { A, \"desc\" false }", #"Name "false" is reserved and cannot be used for an enum value."#, 1, 20),
    .init("input I { a: Int = $v }", #"Unexpected variable "$v" in constant value."#, 1, 20),
    .init("input I { a }", #"Expected ":", found "}"."#, 1, 13),
    .init("directive @d on UNKNOWN", #"Unexpected Name "UNKNOWN"."#, 1, 17),
    .init("directive @d(a: Int) FIELD", #"Expected "on", found Name "FIELD"."#, 1, 22),
    .init("directive d on FIELD", #"Expected "@", found Name "d"."#, 1, 11),
    .init("directive @d on", "Expected Name, found <EOF>.", 1, 16),
    .init("directive @d repeatable", #"Expected "on", found <EOF>."#, 1, 24),
    // Extensions
    .init("extend", "Unexpected <EOF>.", 1, 7),
    .init("extend foo", #"Unexpected Name "foo"."#, 1, 8),
    .init("extend scalar Foo", "Unexpected <EOF>.", 1, 18),
    .init("extend type Foo", "Unexpected <EOF>.", 1, 16),
    .init("extend interface Foo", "Unexpected <EOF>.", 1, 21),
    .init("extend union U", "Unexpected <EOF>.", 1, 15),
    .init("extend enum E", "Unexpected <EOF>.", 1, 14),
    .init("extend input I", "Unexpected <EOF>.", 1, 15),
    .init("extend schema", "Unexpected <EOF>.", 1, 14),
    .init("extend schema {}", #"Expected Name, found "}"."#, 1, 16),
]

@Suite struct ParserErrorTests {
    @Test(arguments: syntaxErrorCases)
    func reportsSyntaxError(_ errorCase: SyntaxErrorCase) {
        let error = #expect(throws: Diagnostic.self) { try Parser.parse(errorCase.text) }
        #expect(error?.message == "Syntax Error: " + errorCase.message)
        #expect(error?.location?.line == errorCase.line)
        #expect(error?.location?.column == errorCase.column)
        #expect(error?.severity == .error)
    }

    @Test func tableIsLargeEnough() {
        #expect(syntaxErrorCases.count >= 40)
    }

    @Test func rendersLikeSwiftc() throws {
        let error = #expect(throws: Diagnostic.self) {
            try Parser.parse(Source("query Q {\n  field(arg: )\n}", name: "Sources/App/Q.graphql"))
        }
        #expect(error?.rendered() == #"Sources/App/Q.graphql:2:14: error: Syntax Error: Unexpected ")"."#)
        #expect(
            error?.renderedWithSourceLine() == """
                Sources/App/Q.graphql:2:14: error: Syntax Error: Unexpected ")".
                  field(arg: )
                             ^
                """)
    }

    @Test func limitsNesting() throws {
        let nested = String(repeating: "{ a ", count: 5) + String(repeating: "}", count: 5)
        _ = try Parser.parse(Source(nested), maxDepth: 5)
        let error = #expect(throws: Diagnostic.self) { try Parser.parse(Source(nested), maxDepth: 4) }
        #expect(error?.message == "Syntax Error: Document nests more than 4 levels deep. Parsing aborted.")
        #expect(error?.location?.column == 17)

        let list = String(repeating: "[", count: 10_000)
        let listError = #expect(throws: Diagnostic.self) { try Parser.parse("{ f(a: \(list)) }") }
        #expect(listError?.message == "Syntax Error: Document nests more than 128 levels deep. Parsing aborted.")

        let type = String(repeating: "[", count: 200)
        #expect(throws: Diagnostic.self) { try Parser.parse("query Q($a: \(type)Int) { f }") }
    }

    @Test func limitsTokens() throws {
        let fields = Array(repeating: "a", count: 100).joined(separator: " ")
        _ = try Parser.parse(Source("{ \(fields) }"), maxTokens: 102)
        let error = #expect(throws: Diagnostic.self) { try Parser.parse(Source("{ \(fields) }"), maxTokens: 101) }
        #expect(error?.message == "Syntax Error: Document contains more than 101 tokens. Parsing aborted.")

        // The default limit stops a huge document early.
        let huge = "{ " + String(repeating: "a ", count: 150_000) + "}"
        let hugeError = #expect(throws: Diagnostic.self) { try Parser.parse(huge) }
        #expect(hugeError?.message == "Syntax Error: Document contains more than 100000 tokens. Parsing aborted.")
        #expect(hugeError?.location?.offset == 2 + 2 * 99_999)
    }
}
