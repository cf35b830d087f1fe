import BatonCompiler
import Foundation
import Testing

/// The store benchmarks read through types Baton's own generator writes: the generated Swift in
/// `Sources/baton-bench/Generated/` must be what the generator writes now for the benchmark's
/// schema and documents (`Fixtures/BenchPayload`). Run with `BATON_RECORD=1` to rewrite it.
@Suite("Benchmark generation")
struct BenchGenerationTests {
    static let fixtures = ReferenceGenerationTests.testsDirectory.appending(path: "BatonCompilerTests/Fixtures/BenchPayload")
    static let expected = ReferenceGenerationTests.testsDirectory.deletingLastPathComponent()
        .appending(path: "Sources/baton-bench/Generated")

    static func generate() throws -> [GeneratedFile] {
        let schemaText = try String(contentsOf: fixtures.appending(path: "schema.graphql"), encoding: .utf8)
        let documents = try ["Items.graphql", "Feed.graphql"].map { name in
            Source(try String(contentsOf: fixtures.appending(path: name), encoding: .utf8), name: name)
        }
        return try Compilation.compile(
            documents: documents, schema: try Schema(sdl: schemaText, name: "schema.graphql"),
            options: GenerationOptions(accessLevel: .internal))
    }

    @Test func theBenchmarksGeneratedSwiftIsCurrent() throws {
        try GeneratedReference.expectCommitted(try Self.generate(), in: Self.expected)
    }
}
