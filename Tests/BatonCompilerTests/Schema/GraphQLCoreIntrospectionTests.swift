import BatonCompiler
import BatonCore
import Foundation
import Testing

/// Introspection results graphql-core 3.3.2 wrote (`Fixtures/Introspection/write.py`) for the
/// reference server's schema and the generation reference's, with each of its options on and
/// off: each loads, and describes the schema its SDL does.
@Suite struct GraphQLCoreIntrospectionTests {
    static let variants = [
        "all", "no-descriptions", "no-specified-by-url", "no-directive-is-repeatable", "no-input-value-deprecation",
        "none",
    ]

    static func schema(_ name: String, _ variant: String) throws -> Schema {
        try Schema(introspectionJSON: try fixture("Introspection/\(name).\(variant).json"), name: "\(name).\(variant).json")
    }

    /// Generated Swift without its doc comments, for results written without descriptions.
    static func withoutDocumentation(_ files: [GeneratedFile]) -> [String] {
        files.map { file in
            file.contents.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingPrefix(while: \.isWhitespace).hasPrefix("///") }.joined(separator: "\n")
        }
    }

    @Test(arguments: variants)
    func referenceSchemaGeneratesWhatItsSDLGenerates(variant: String) throws {
        let schema = try Self.schema("reference", variant)
        #expect(schema.warnings.isEmpty, "\(schema.warnings)")
        // Introspection does not carry directives applied to fields, so the SDL it is held to
        // leaves out its `@semanticNonNull`s.
        let text = try String(
            contentsOf: ReferenceGenerationTests.fixtures.appending(path: "schema.graphql"), encoding: .utf8)
        let sdl = try Schema(
            sdl: text.replacing(" @semanticNonNull(levels: [0, 1])", with: "").replacing(" @semanticNonNull", with: ""))
        let sources = try ReferenceGenerationTests.sources()
        let options = ReferenceGenerationTests.options
        let fromIntrospection = try Compilation.compile(documents: sources, schema: schema, options: options)
        let fromSDL = try Compilation.compile(documents: sources, schema: sdl, options: options)
        #expect(fromIntrospection.map(\.name) == fromSDL.map(\.name))
        // Without descriptions the doc comments go; the code is the same either way.
        let hasDescriptions = variant != "no-descriptions" && variant != "none"
        let introspected = hasDescriptions ? fromIntrospection.map(\.contents) : Self.withoutDocumentation(fromIntrospection)
        let written = hasDescriptions ? fromSDL.map(\.contents) : Self.withoutDocumentation(fromSDL)
        for (introspectedFile, writtenFile) in zip(introspected, written) {
            #expect(introspectedFile == writtenFile, "\(lineDiff(expected: writtenFile, actual: introspectedFile))")
        }
    }

    @Test(arguments: variants)
    func serverSchemaLoadsWithEveryTypeAndField(variant: String) throws {
        let schema = try Self.schema("server", variant)
        #expect(schema.warnings.isEmpty, "\(schema.warnings)")
        let testsDirectory = ReferenceGenerationTests.testsDirectory
        let sdl = try Schema(
            sdl: try String(
                contentsOf: testsDirectory.deletingLastPathComponent().appending(path: "TestServer/schema.graphql"),
                encoding: .utf8))
        // graphql-core's own introspection types have members of later editions; Baton's are its own.
        let shape = { (schema: Schema) in
            schema.types.filter { !$0.name.hasPrefix("__") }.map { type in
                type.name + ":" + (type.fields ?? []).map(\.name).joined(separator: ",")
            }.sorted()
        }
        #expect(
            shape(schema) == shape(sdl),
            "TestServer/schema.graphql changed: rewrite the fixtures with Fixtures/Introspection/write.py")
        #expect(schema.directives.map(\.name).sorted() == sdl.directives.map(\.name).sorted())
    }

    @Test func aLocationFromALaterEditionIsLeftOutWithAWarning() throws {
        var root = try JSONValue(parsing: try fixture("Introspection/server.all.json"))
        guard case .object(var top) = root, case .object(var data)? = top["data"],
            case .object(var schema)? = data["__schema"], case .list(var directives)? = schema["directives"],
            case .object(var first)? = directives.first
        else {
            Issue.record("unexpected fixture shape")
            return
        }
        first["locations"] = ["FIELD", "SOMEWHERE_NEW"]
        directives[0] = .object(first)
        schema["directives"] = .list(directives)
        data["__schema"] = .object(schema)
        top["data"] = .object(data)
        root = .object(top)
        let loaded = try Schema(introspection: root)
        #expect(loaded.warnings.map(\.severity) == [.warning])
        #expect(loaded.warnings.first?.message.contains("SOMEWHERE_NEW") == true)
        let name = first["name"]?.stringValue ?? ""
        #expect(loaded.directive(named: name)?.locations == [.field])
    }
}
