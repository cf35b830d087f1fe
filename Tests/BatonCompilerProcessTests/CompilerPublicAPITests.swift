import BatonCompiler
import Testing

/// BatonCompiler's public API is enough for a tool outside the package: the tool's source is
/// type-checked by `swiftc` against the module just built, as another package's target would be,
/// so it sees the public declarations only.
@Suite("Compiler public API")
struct CompilerPublicAPITests {
    /// Type-checks `source` as a tool's only file; the compiler's output when it does not.
    static func typecheck(_ source: String) -> String? {
        do {
            try SwiftCompiler.typecheck([GeneratedFile(name: "Tool.swift", contents: source)])
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aToolParsesValidatesWalksPrintsAndCompilesWithThePublicAPI() {
        let tool = """
            import BatonCompiler

            /// The response keys a document selects, in order.
            struct ResponseKeys: ASTVisitor {
                var keys: [String] = []
                mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
                    if case .field(let field) = node { keys.append(field.responseKey) }
                    return .continue
                }
            }

            func report() throws -> [String] {
                let schema = try Schema(sdl: "type Query { hero: Hero } type Hero { name: String! }")
                let document = try Parser.parse("query Hero { hero { name } }", name: "Hero.graphql")
                var lines = validate(document: document, schema: schema).map { $0.renderedWithSourceLine() }
                var keys = ResponseKeys()
                document.walk(&keys)
                lines += keys.keys
                lines += document.operations.map { Printer.print(DefinitionNode.operation($0)) }
                lines.append(Printer.print(document))
                if let field = schema.queryType?.field(named: "hero") { lines.append(field.type.description) }
                let sources = [Source("query Hero { hero { name } }", name: "Hero.graphql")]
                lines += DocumentChecking.check(sources, schema: schema).map { "\\($0.location?.line ?? 0): \\($0.message)" }
                lines += try Compilation.compile(documents: sources, schema: schema).map(\\.contents)
                return lines
            }
            """
        #expect(Self.typecheck(tool) == nil)
    }

    @Test func typeSystemNodePartsTheLexerAndTheRulesAreNotPublic() throws {
        let tool = """
            import BatonCompiler

            func typeNames(_ document: DocumentNode) -> [String] {
                document.definitions.compactMap { if case .type(let type) = $0 { type.name.value } else { nil } }
            }

            func tokens(_ source: Source) -> Lexer { Lexer(source: source) }

            func ruleCount() -> Int { specifiedRules.count }
            """
        let diagnostics = try #require(Self.typecheck(tool))
        #expect(diagnostics.contains("'name' is inaccessible due to 'package' protection level"))
        #expect(diagnostics.contains("cannot find type 'Lexer' in scope"))
        #expect(diagnostics.contains("cannot find 'specifiedRules' in scope"))
    }
}
