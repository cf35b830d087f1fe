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
        let files = try Self.generate()
        let manager = FileManager.default
        let existing = Set(try manager.contentsOfDirectory(atPath: Self.expected.path()).filter { $0.hasSuffix(".swift") })
        if ProcessInfo.processInfo.environment["BATON_RECORD"] == "1" {
            for stale in existing.subtracting(files.map(\.name)) {
                try manager.removeItem(at: Self.expected.appending(path: stale))
            }
            for file in files {
                try file.contents.write(to: Self.expected.appending(path: file.name), atomically: true, encoding: .utf8)
            }
            return
        }
        #expect(existing == Set(files.map(\.name)), "generated file names differ; run with BATON_RECORD=1 to rewrite")
        for file in files where existing.contains(file.name) {
            let committed = try String(contentsOf: Self.expected.appending(path: file.name), encoding: .utf8)
            #expect(
                committed == file.contents,
                "\(file.name) differs from the reference (BATON_RECORD=1 rewrites it):\n\(lineDiff(expected: committed, actual: file.contents))"
            )
        }
    }

    @Test func generationIsDeterministic() throws {
        #expect(try Self.generate() == Self.generate())
    }
}
