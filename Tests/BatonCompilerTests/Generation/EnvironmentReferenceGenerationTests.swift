import BatonCompiler
import Foundation
import Testing

/// The generated Swift for the notes and items operations the environment's tests run against the
/// reference server, committed in `Tests/EnvironmentTestSupport/Generated/` (public, as the
/// environment's test targets share them). Run with `BATON_RECORD=1` to
/// rewrite the committed files.
@Suite("Environment reference generation")
struct EnvironmentReferenceGenerationTests {
    static let fixtures = ReferenceGenerationTests.testsDirectory.appending(path: "BatonCompilerTests/Fixtures/EnvironmentReference")
    static let expected = ReferenceGenerationTests.testsDirectory.appending(path: "EnvironmentTestSupport/Generated")

    static func generate() throws -> [GeneratedFile] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path()).filter { $0.hasSuffix(".graphql") }.sorted()
        let sources = try names.map { Source(try String(contentsOf: fixtures.appending(path: $0), encoding: .utf8), name: $0) }
        let schema = try Schema(
            sdl: try String(contentsOf: ServerReferenceGenerationTests.schema, encoding: .utf8), name: "schema.graphql")
        // The built-in scalars, with no conformance of the tests' own.
        let scalars = ["DateTime": "Date", "URL": "URL", "UUID": "UUID", "Decimal": "Decimal"]
        var options = GenerationOptions(accessLevel: .public, customScalars: scalars)
        options.lookups = [
            LookupConfiguration(field: "Query.character", type: "Character", arguments: ["id"]),
            LookupConfiguration(field: "Query.node", arguments: ["id"]),
        ]
        return try Compilation.compile(documents: sources, schema: schema, options: options)
    }

    @Test func generatedSwiftMatchesTheCommittedFiles() throws {
        try GeneratedReference.expectCommitted(try Self.generate(), in: Self.expected)
    }
}
