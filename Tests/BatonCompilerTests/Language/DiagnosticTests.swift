import Testing

@testable import BatonCompiler

@Suite struct DiagnosticTests {
    let source = Source("query Q {\n\tfield(arg: 1)\n  other\n}", name: "Sources/App/Q.graphql")

    @Test func rendersLikeSwiftc() {
        let diagnostic = Diagnostic("Unknown field.", at: SourceLocation(source: source, offset: 11))
        #expect(diagnostic.rendered() == "Sources/App/Q.graphql:2:2: error: Unknown field.")
        #expect("\(diagnostic)" == diagnostic.rendered())
        #expect(
            Diagnostic("Careful.", severity: .warning, at: SourceLocation(source: source, offset: 0)).rendered()
                == "Sources/App/Q.graphql:1:1: warning: Careful.")
        #expect(Diagnostic("Query root type must be provided.", at: nil).rendered() == "error: Query root type must be provided.")
    }

    @Test func putsACaretUnderTheColumnKeepingTabs() {
        let diagnostic = Diagnostic("Bad argument.", at: SourceLocation(source: source, offset: 17))
        #expect(diagnostic.renderedWithSourceLine() == "Sources/App/Q.graphql:2:8: error: Bad argument.\n\tfield(arg: 1)\n\t      ^")
    }

    @Test func rendersFurtherPlacesAsNotes() {
        let diagnostic = Diagnostic(
            "There can be only one operation named \"Q\".",
            locations: [SourceLocation(source: source, offset: 27), SourceLocation(source: source, offset: 6)])
        #expect(diagnostic.locations.map(\.line) == [3, 1])
        #expect(
            diagnostic.renderedWithSourceLine() == """
                Sources/App/Q.graphql:3:3: error: There can be only one operation named "Q".
                  other
                  ^
                Sources/App/Q.graphql:1:7: note: related location
                query Q {
                      ^
                """)
        let noted = Diagnostic(
            "Cycle.", at: SourceLocation(source: source, offset: 6), notes: [.init("Through here.", at: SourceLocation(source: source, offset: 27))])
        #expect(noted.rendered() == "Sources/App/Q.graphql:1:7: error: Cycle.\nSources/App/Q.graphql:3:3: note: Through here.")
    }

    @Test func locatesOffsets() {
        let text = Source("a\r\nb\rc\nd")
        #expect(text.lineCount == 4)
        #expect((0..<text.utf8.count).map { text.lineAndColumn(atOffset: $0).line } == [1, 1, 1, 2, 2, 3, 3, 4])
        #expect(text.lineText(2) == "b")
        #expect(text.lineText(1) == "a")
        #expect(text.lineText(9) == "")
        #expect(text.lineAndColumn(atOffset: 100) == (4, 2))
        #expect(SourceLocation.synthesized.isSynthesized)
        #expect(SourceLocation(source: text, offset: 3) == SourceLocation(source: text, offset: 3))
        #expect(SourceLocation(source: text, offset: 3) != SourceLocation(source: Source("a\r\nb\rc\nd"), offset: 3))
    }
}
