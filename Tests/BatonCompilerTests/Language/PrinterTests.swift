import Testing

@testable import BatonCompiler

@Suite struct PrinterTests {
    /// Printing gives the expected canonical text, the text parses to the same tree, and printing
    /// that tree gives the same text again.
    private func expectRoundTrip(
        _ text: String, printsAs expected: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let document = try Parser.parse(text)
        let printed = Printer.print(document)
        if let expected { #expect(printed == expected, sourceLocation: sourceLocation) }
        let reparsed = try Parser.parse(printed)
        #expect(structure(reparsed) == structure(document))
        #expect(Printer.print(reparsed) == printed)
    }

    @Test func printsTheExecutableKitchenSink() throws {
        // The expected files end with a newline, as text files do; the printer adds none.
        try expectRoundTrip(
            try fixture("kitchen-sink.graphql"), printsAs: String(try fixture("kitchen-sink.printed.graphql").dropLast()))
    }

    @Test func printsTheSchemaKitchenSink() throws {
        try expectRoundTrip(
            try fixture("schema-kitchen-sink.graphql"), printsAs: String(try fixture("schema-kitchen-sink.printed.graphql").dropLast()))
    }

    @Test func printsMinimalOperations() throws {
        try expectRoundTrip("{ id, name }", printsAs: "{\n  id\n  name\n}")
        try expectRoundTrip("query { id }", printsAs: "{\n  id\n}")
        try expectRoundTrip("query Q { id }", printsAs: "query Q {\n  id\n}")
        try expectRoundTrip("query @d { id }", printsAs: "query @d {\n  id\n}")
        try expectRoundTrip(
            "query ($foo: TestType) @testDirective { id, name }", printsAs: "query ($foo: TestType) @testDirective {\n  id\n  name\n}")
        try expectRoundTrip("mutation { id }", printsAs: "mutation {\n  id\n}")
    }

    @Test func printsVariableDefinitionsWithDirectives() throws {
        try expectRoundTrip(
            "query ($foo: TestType = {a: 123} @testDirective(if: true) @test) { id }",
            printsAs: "query ($foo: TestType = { a: 123 } @testDirective(if: true) @test) {\n  id\n}")
    }

    @Test func wrapsLongArgumentLists() throws {
        try expectRoundTrip(
            "{ trip(wheelchair: false arriveBy: false includePlannedCancellations: true transitDistanceReluctance: 2000) { dateTime } }",
            printsAs: """
                {
                  trip(
                    wheelchair: false
                    arriveBy: false
                    includePlannedCancellations: true
                    transitDistanceReluctance: 2000
                  ) {
                    dateTime
                  }
                }
                """)
    }

    @Test func printsStringsWithEscapes() {
        #expect(Printer.printString("plain") == #""plain""#)
        #expect(Printer.printString("quote \" and \\ backslash") == #""quote \" and \\ backslash""#)
        #expect(Printer.printString("\n\t\r\u{8}\u{C}") == #""\n\t\r\b\f""#)
        #expect(Printer.printString("\u{0}\u{1F}\u{7F}\u{9F}\u{A0}") == "\"\\u0000\\u001F\\u007F\\u009F\u{A0}\"")
        #expect(Printer.printString("é \u{1F600}") == "\"é \u{1F600}\"")
    }

    @Test func stringsRoundTripThroughTheLexer() throws {
        for value in ["", "a\"b", "\\", "\u{0}\u{1}\u{7F}", "line\nbreak", "\u{1F600}", "tab\there"] {
            let parsed = try Parser.parseValue(Printer.printString(value))
            #expect(parsed == .string(StringValueNode(value, location: parsed.location)))
        }
    }

    @Test func printsTypesAndValues() throws {
        #expect(Printer.print(try Parser.parseValue("[1,2 , 3]")) == "[1, 2, 3]")
        #expect(Printer.print(try Parser.parseValue("{a:1,b:[true]}")) == "{ a: 1, b: [true] }")
        #expect(Printer.print(try Parser.parseValue("{}")) == "{}")
        #expect(Printer.print(try Parser.parseValue("[]")) == "[]")
        #expect(Printer.print(try Parser.parseType("[ Int ! ] !")) == "[Int!]!")
    }
}
