import BatonCompiler
import Foundation
import Testing

/// The generated Swift for the reference documents, compared byte for byte with the files
/// committed in `Tests/BatonGeneratedTests/Generated/`, which that target compiles and reads
/// data through. Run with `BATON_RECORD=1` to rewrite the committed files.
@Suite("Reference generation")
struct ReferenceGenerationTests {
    static let testsDirectory = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let fixtures = testsDirectory.appending(path: "BatonCompilerTests/Fixtures/Reference")
    static let expected = testsDirectory.appending(path: "BatonGeneratedTests/Generated")

    /// The options the reference is generated with.
    static let options = GenerationOptions(
        accessLevel: .public, customScalars: ["DateTime": "Timestamp", "JSON": "JSONValue"])

    /// The reference documents, sorted by name.
    static func sources() throws -> [Source] {
        let names = try FileManager.default.contentsOfDirectory(atPath: fixtures.path()).filter {
            $0.hasSuffix(".graphql") && $0 != "schema.graphql"
        }.sorted()
        return try names.map { name in
            Source(try String(contentsOf: fixtures.appending(path: name), encoding: .utf8), name: name)
        }
    }

    static func generate() throws -> [GeneratedFile] {
        let schemaText = try String(contentsOf: fixtures.appending(path: "schema.graphql"), encoding: .utf8)
        let schema = try Schema(sdl: schemaText, name: "schema.graphql")
        return try Compilation.compile(documents: try sources(), schema: schema, options: options)
    }

    @Test func generatedSwiftMatchesTheCommittedReference() throws {
        try GeneratedReference.expectCommitted(try Self.generate(), in: Self.expected)
    }

    @Test func generationIsDeterministic() throws {
        #expect(try Self.generate() == Self.generate())
    }
}
