import BatonCompiler
import Testing

@Suite("Document checking")
struct DocumentCheckingTests {
    let schema = """
        type Query { pet: Pet }
        type Pet { name: String! nickname: String }
        """

    @Test func validDocumentsAcrossFilesHaveNoDiagnostics() throws {
        let diagnostics = DocumentChecking.check(
            [
                Source("query Q { pet { ...F } }", name: "q.graphql"), Source("fragment F on Pet { name }", name: "f.graphql"),
                Source("fragment Unused on Pet { nickname }", name: "u.graphql"),
            ],
            schema: try Schema(sdl: schema))
        #expect(diagnostics.isEmpty)
    }

    @Test func diagnosticsNameTheirFileLineAndColumn() throws {
        let diagnostics = DocumentChecking.check(
            [
                Source("query Q {\n  pet { age }\n}", name: "q.graphql"),
                Source("query R { pet { nickname @required(action: NONE) { x } } }", name: "r.graphql"),
            ],
            schema: try Schema(sdl: schema))
        #expect(diagnostics.first?.rendered() == "q.graphql:2:9: error: Cannot query field \"age\" on type \"Pet\". Did you mean \"name\"?")
        #expect(diagnostics.count >= 2)
    }

    @Test func syntaxErrorsComeAloneAndFirst() throws {
        let diagnostics = DocumentChecking.check(
            [Source("query {", name: "a.graphql"), Source("query Q { pet { age } }", name: "b.graphql")], schema: try Schema(sdl: schema))
        #expect(diagnostics.map { $0.location?.source.name } == ["a.graphql"])
    }

    @Test func compilationReportsValidationErrors() throws {
        let error = try #require(throws: CompilationError.self) {
            try Compilation.compile(documents: [Source("query Q($v: Int) { pet { name } }", name: "q.graphql")], schema: Schema(sdl: schema))
        }
        #expect(error.description == "q.graphql:1:9: error: Variable \"$v\" is never used in operation \"Q\".")
    }
}
