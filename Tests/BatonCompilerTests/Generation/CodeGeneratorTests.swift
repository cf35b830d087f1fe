import BatonCompiler
import BatonCore
import Testing

@Suite("Code generator")
struct CodeGeneratorTests {
    let schemaText = """
        scalar Date
        scalar Money
        enum Size { SMALL LARGE }
        input Box { size: Size!, note: String, count: Int! = 1 }
        type Item { id: ID! size: Size price: Money made: Date }
        type Query { item(box: Box): Item items: [Item!]! }
        """

    func generate(
        _ documents: [(name: String, text: String)], options: GenerationOptions = GenerationOptions(),
        layout: OutputLayout = .perDefinition
    ) throws -> [GeneratedFile] {
        let schema = try Schema(sdl: schemaText)
        return try Compilation.compile(
            documents: documents.map { Source($0.text, name: $0.name) }, schema: schema, options: options, layout: layout)
    }

    @Test func internalAccessWritesNoPublic() throws {
        let files = try generate(
            [("a.graphql", "query Item($box: Box) { item(box: $box) { id size } }")],
            options: GenerationOptions(accessLevel: .internal))
        for file in files {
            #expect(!file.contents.contains("public "), "\(file.name) has a public declaration")
        }
        #expect(files.map(\.name) == ["ItemQuery.graphql.swift", "SchemaTypes.graphql.swift"])
    }

    @Test func onErrorIsWrittenIntoEveryOperation() throws {
        let files = try generate([("a.graphql", "query A { items { id } }")], options: GenerationOptions(onError: .null))
        #expect(files[0].contents.contains("public static let onError: GraphQLRequest.ErrorBehavior? = .null"))
    }

    @Test func customScalarsReadAsTheirMappedTypesOrString() throws {
        let files = try generate(
            [("a.graphql", "query A { items { price made } }")], options: GenerationOptions(customScalars: ["Money": "Decimal"]))
        #expect(files[0].contents.contains(#"public var price: Decimal? { __data["price"].optional { $0.scalar(Decimal.self) } }"#))
        #expect(files[0].contents.contains(#"public var made: String? { __data.optionalString("made") }"#))
    }

    @Test func anUploadScalarIsBatonCoresUploadUnlessMapped() throws {
        let schema = try Schema(sdl: "scalar Upload\ntype Query { a: Int }\ntype Mutation { send(file: Upload!, more: [Upload!]): Int }")
        let document = [Source("mutation Send($file: Upload!, $more: [Upload!]) { send(file: $file, more: $more) }", name: "a.graphql")]
        let files = try Compilation.compile(documents: document, schema: schema, options: GenerationOptions())
        #expect(files[0].contents.contains("public var file: BatonCore.Upload\n"))
        #expect(files[0].contents.contains("public var more: Nullable<[BatonCore.Upload]>"))
        let mapped = try Compilation.compile(
            documents: document, schema: schema, options: GenerationOptions(customScalars: ["Upload": "MyFile"]))
        #expect(mapped[0].contents.contains("public var file: MyFile\n"))
    }

    @Test func schemaTypesHoldWhatTheDocumentsUse() throws {
        let files = try generate([("a.graphql", "query A($box: Box) { item(box: $box) { id } }")])
        let types = try #require(files.last)
        #expect(types.name == GeneratedFile.schemaTypesName)
        #expect(types.contents.contains("public struct Box: GraphQLInputObject"))
        #expect(types.contents.contains("public enum Size: GraphQLEnum"))
        #expect(types.contents.contains("public var count: Int?"))
        #expect(types.contents.contains(#"json.setInput("count", ifPresent: count)"#))
        let none = try generate([("a.graphql", "query A { items { id } }")])
        #expect(none.last?.contents == GeneratedFile.header + "\n\n@_spi(Generated) import BatonCore\n")
    }

    @Test func perDocumentLayoutWritesOneFileForEachDocument() throws {
        let files = try generate(
            [
                ("a.graphql", "query A { items { id } } fragment F on Item { id }"), ("b.graphql", "query B { items { ...F } }"),
                ("c.graphql", ""),
            ].filter { !$0.text.isEmpty },
            layout: .perDocument(fileNames: ["a.graphql": "a.swift", "b.graphql": "b.swift", "c.graphql": "c.swift"]))
        #expect(files.map(\.name) == ["a.swift", "b.swift", "c.swift", GeneratedFile.schemaTypesName])
        #expect(files[0].contents.contains("struct AQuery") && files[0].contents.contains("struct F: FragmentView"))
        #expect(files[1].contents.contains("struct BQuery"))
        #expect(files[2].contents == GeneratedFile.header + "\n\n@_spi(Generated) import BatonCore\n")
    }

    @Test func twoDefinitionsWithOneSwiftNameAreRefused() throws {
        let error = try #require(throws: CompilationError.self) {
            try generate([("a.graphql", "query Item { items { id } } fragment ItemQuery on Item { id }")])
        }
        #expect(error.diagnostics.first?.message == "Two definitions would both generate the Swift type \"ItemQuery\"; rename one.")
        #expect(throws: CompilationError.self) {
            try generate([("a.graphql", "query Size { items { id } }"), ("b.graphql", "fragment Size on Item { id }")])
        }
    }

    @Test func syntaxErrorsAndSchemaDefinitionsAreReported() throws {
        let error = try #require(throws: CompilationError.self) {
            try generate([("a.graphql", "query {"), ("b.graphql", "query B { items { id } ")])
        }
        #expect(error.diagnostics.count == 2)
        #expect(error.description.hasPrefix("a.graphql:1:8: error:"))
        // A type is the client's (a client schema extension); a directive definition is not one.
        #expect(throws: CompilationError.self) { try generate([("a.graphql", "directive @extra on FIELD")]) }
    }

    @Test func operationsAreNamedByTheirKind() throws {
        let files = try generate([("a.graphql", "query ItemsQuery { items { id } } query Items2 { items { id } }")])
        #expect(files.map(\.name) == ["Items2Query.graphql.swift", "ItemsQuery.graphql.swift", "SchemaTypes.graphql.swift"])
    }
}
