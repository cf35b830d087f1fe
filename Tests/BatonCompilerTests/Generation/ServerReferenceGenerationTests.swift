import BatonCompiler
import Foundation
import Testing

/// The generated Swift for operations against the reference server's own schema, committed in
/// `Tests/BatonStoreTests/Generated/`, where the store's directive tests read the server's
/// responses through it. Run with `BATON_RECORD=1` to rewrite the committed files.
@Suite("Server reference generation")
struct ServerReferenceGenerationTests {
    static let fixtures = ReferenceGenerationTests.testsDirectory.appending(path: "BatonCompilerTests/Fixtures/ServerReference")
    static let schema = ReferenceGenerationTests.testsDirectory.deletingLastPathComponent().appending(path: "TestServer/schema.graphql")
    static let expected = ReferenceGenerationTests.testsDirectory.appending(path: "BatonStoreTests/Generated")

    static func generate() throws -> [GeneratedFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path()).filter { $0.hasSuffix(".graphql") }.sorted()
        let sources = try names.map { Source(try String(contentsOf: fixtures.appending(path: $0), encoding: .utf8), name: $0) }
        let schema = try Schema(sdl: try String(contentsOf: schema, encoding: .utf8), name: "schema.graphql")
        return try Compilation.compile(documents: sources, schema: schema, options: GenerationOptions(accessLevel: .internal))
    }

    @Test func generatedSwiftMatchesTheCommittedFiles() throws {
        try GeneratedReference.expectCommitted(try Self.generate(), in: Self.expected)
    }
}
