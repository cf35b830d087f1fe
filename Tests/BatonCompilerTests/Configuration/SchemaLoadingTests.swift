import BatonCompiler
import BatonCore
import Foundation
import Testing

@Suite("Schema loading")
struct SchemaLoadingTests {
    func temporaryFiles(_ files: [String: String]) throws -> URL {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appending(path: "baton-schema-\(UInt32.random(in: 0...UInt32.max))")
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: root.appending(path: name), atomically: true, encoding: .utf8) }
        return root
    }

    @Test func sdlFilesAreReadTogether() throws {
        let root = try temporaryFiles([
            "a.graphql": "type Query { pet: Pet }", "b.graphql": "type Pet { name: String }\nextend type Pet { age: Int }",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try SchemaLoading.load(["a.graphql", "b.graphql"].map { root.appending(path: $0).path() })
        #expect(schema.objectType(named: "Pet")?.fields.map(\.name) == ["name", "age"])
    }

    @Test func anIntrospectionResultIsRead() throws {
        let sdl = try Schema(sdl: "type Query { hello: String }")
        let root = try temporaryFiles(["schema.json": sdl.introspectionJSON().serialized()])
        defer { try? FileManager.default.removeItem(at: root) }
        let schema = try SchemaLoading.load([root.appending(path: "schema.json").path()])
        #expect(schema.queryType?.field(named: "hello") != nil)
    }

    @Test func schemasPastTheDocumentTokenLimitLoad() throws {
        let fields = (0..<40_000).map { "  f\($0): Int" }.joined(separator: "\n")
        let schema = try SchemaLoading.schema(sdl: [Source("type Query {\n\(fields)\n}", name: "big.graphql")])
        #expect(schema.queryType?.fields.count == 40_000)
    }

    @Test func problemsNameTheFile() throws {
        #expect(throws: SchemaLoadingError(message: "/nonexistent/s.graphql: error: cannot read the schema file")) {
            try SchemaLoading.load(["/nonexistent/s.graphql"])
        }
        let error = try #require(throws: SchemaLoadingError.self) {
            try SchemaLoading.schema(sdl: [Source("type Query {", name: "s.graphql")])
        }
        #expect(error.message.hasPrefix("s.graphql:1:13: error:"))
    }
}
