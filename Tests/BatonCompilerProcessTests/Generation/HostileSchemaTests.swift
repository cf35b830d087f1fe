import Testing

@testable import BatonCompiler

/// Legal schemas and documents whose names, text and scalars Swift reads differently from
/// GraphQL: each generates Swift that type-checks, with members named by one rule.
@Suite("Hostile schemas")
struct HostileSchemaTests {
    static func compile(
        schema: String, document: String, options: GenerationOptions = GenerationOptions()
    ) throws -> [GeneratedFile] {
        try Compilation.compile(
            documents: [Source(document, name: "Document.graphql")], schema: try Schema(sdl: schema), options: options)
    }

    /// An app's own scalar types, as a target beside the generated files would declare them.
    static func scalar(_ name: String) -> String {
        """
        public struct \(name): GraphQLScalar {
            public var text: String
            public init(json: JSONValue) throws(ScalarError) { text = json.stringValue ?? "" }
            public var json: JSONValue { .string(text) }
            public static var zeroValue: Self { Self(text: "") }
            public init(text: String) { self.text = text }
        }
        """
    }

    @Test func schemaNamesSwiftCannotUseAsMembersAreRenamedByOneRule() throws {
        let files = try Self.compile(
            schema: """
                enum Mode { none ON }
                input Filter { self: String, json: String, json_: String, mode: Mode }
                type Item { id: ID! mode: Mode }
                type Query { items(filter: Filter, self: String): [Item!]! }
                """,
            document: """
                query Items($self: String, $filter: Filter) {
                  items(filter: $filter, self: $self) { __data: id mode }
                }
                """)
        let text = files.map(\.contents).joined(separator: "\n")
        // `self` would hide the instance in the initializer taking it.
        #expect(text.contains("public var self_: Nullable<String>"))
        // `json` is the input's own member, and `json_` the schema's: the renamed one moves on.
        #expect(text.contains("public var json2: Nullable<String>"))
        #expect(text.contains("public var json_: Nullable<String>"))
        // `x == .none` on an optional would compare with `Optional.none`.
        #expect(text.contains("case none_\n"))
        // The alias may not take the stored `__data`.
        #expect(text.contains("public var __data_: String { __data.string(\"__data\") }"))
        try SwiftCompiler.typecheck(files, extra: "import BatonCore")
    }

    @Test func descriptionsWithCarriageReturnsStayInTheirComments() throws {
        let files = try Self.compile(
            schema: "\"Windows\\r\\nline\\rand old Mac */ \\\"\\\"\\\" \\\\\"\nenum Mode { A B }\ntype Query { mode: Mode }",
            document: "query M { mode }")
        let types = try #require(files.first { $0.name == GeneratedFile.schemaTypesName })
        #expect(types.contents.contains("/// Windows\n/// line\n/// and old Mac */ \"\"\" \\\n"))
        try SwiftCompiler.typecheck(files)
    }

    @Test func customScalarsFromOtherModulesAreImportedAndNotHidden() throws {
        let files = try Self.compile(
            schema: """
                scalar DateTime
                scalar Money
                type Shop { price: Money opened: DateTime }
                type Query { shop: Shop }
                """,
            document: "query S { shop { price opened } }",
            options: GenerationOptions(customScalars: ["DateTime": "Foundation.Date", "Money": "Shop.Money"]))
        let query = try #require(files.first { $0.name == "SQuery.graphql.swift" })
        #expect(query.contents.contains("#if canImport(Foundation)\nimport Foundation\n#endif\n"))
        // The field's struct may not be `Shop`, which would hide `Shop.Money`.
        #expect(query.contents.contains("public struct Shop_: SelectionSet"))
        // `Foundation.Date` conforms in BatonCore; `Shop.Money` is the app's own.
        let app = """
            import BatonCore
            import Foundation

            public enum Shop {
            \(Self.scalar("Money"))
            }
            """
        try SwiftCompiler.typecheck(files, extra: app)
    }

    @Test func aTypeThatWouldHideAQualifiedScalarIsRefused() throws {
        #expect(throws: CompilationError.self) {
            try Self.compile(
                schema: "scalar Money\nenum Shop { A }\ntype Query { price: Money shop: Shop }",
                document: "query Q { price shop }",
                options: GenerationOptions(customScalars: ["Money": "Shop.Money"]))
        }
    }

    @Test func fieldsNamedLikeTheTypesGeneratedCodeNamesDoNotHideThem() throws {
        let files = try Self.compile(
            schema: """
                enum Status { ACTIVE }
                scalar Money
                interface Person { friends: [User] Friend: String }
                type User implements Person {
                  id: ID! Status: Status Money: Money UserBits: String Fragments: String Friend: String
                  Selection: String RequiredField: String friends: [User]
                }
                type Bot implements Person { friends: [User] Friend: String }
                type Query { user: User person: Person }
                """,
            document: """
                query U {
                  user { Status Money Fragments Selection ...userFields ...Outer }
                  person { friends { id } ... on User { Friend friends { Status } } }
                }
                fragment userFields on User { id }
                fragment UserBits on User { id }
                fragment Outer on User { UserBits RequiredField Selection ...UserBits }
                """,
            options: GenerationOptions(customScalars: ["Money": "Money"]))
        let text = files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("public var Status_: Status?"))
        #expect(text.contains("public var Money_: Money?"))
        #expect(text.contains("public var Fragments_: String?"))
        #expect(text.contains("public var Friend_: String?"))
        #expect(text.contains("public var UserBits_: String?"))
        #expect(text.contains("public struct UserFields: FragmentView"))
        #expect(text.contains("public var userFields: UserFields"))
        try SwiftCompiler.typecheck(files, extra: "import BatonCore\n" + Self.scalar("Money"))
    }

    @Test func aPrefixKeepsSchemaTypesFromHidingTheStandardOnes() throws {
        let schema = """
            enum Range { SHORT LONG }
            input Duration { seconds: Int }
            type Query { trip(range: Range, duration: Duration): Range }
            """
        let document = "query Trip($range: Range, $duration: Duration) { trip(range: $range, duration: $duration) }"
        // The app's own code in the same module, reading the standard types by their names.
        let app = "let span: Range<Int> = 0..<1\nlet wait: Duration = .seconds(1)\n"
        #expect(throws: SwiftCompiler.Failure.self) {
            try SwiftCompiler.typecheck(try Self.compile(schema: schema, document: document), extra: app)
        }
        let files = try Self.compile(
            schema: schema, document: document, options: GenerationOptions(schemaTypePrefix: "API"))
        let types = try #require(files.first { $0.name == GeneratedFile.schemaTypesName })
        #expect(types.contents.contains("public enum APIRange: GraphQLEnum"))
        #expect(types.contents.contains("public struct APIDuration: GraphQLInputObject"))
        try SwiftCompiler.typecheck(files, extra: app)
    }

    /// Every word Swift reserves and every member generated code declares.
    static var hostileNames: [String] {
        let generated = [
            "json", "json_", "inputJSON", "hashValue", "rawValue", "allCases", "unknown", "variables", "fragments",
            "plan", "document", "operationName", "operationID", "none", "some", "init", "Data", "Variables",
        ]
        return Array(Set(SwiftNames.keywords).union(generated).subtracting(["_"])).sorted()
    }

    @Test func everyKeywordAndGeneratedMemberNameIsUsableEverywhere() throws {
        let names = Self.hostileNames
        let fields = names.map { "\($0)(\($0): String): String" }.joined(separator: " ")
        let inputs = names.map { "\($0): String" }.joined(separator: " ")
        let values = names.filter { !["true", "false", "null"].contains($0) }.joined(separator: " ")
        let schema = """
            enum Words { \(values) }
            input Everything { \(inputs) }
            type Thing { \(fields) word: Words }
            type Query { thing(everything: Everything): Thing }
            """
        let variables = names.map { "$\($0): String" }.joined(separator: ", ")
        let selections = names.map { "\($0)(\($0): $\($0))" }.joined(separator: " ")
        let aliases = names.map { "alias_\($0): \($0)(\($0): \"x\") \($0)Alias: word" }.joined(separator: " ")
        let document = """
            query Everything(\(variables), $everything: Everything) {
              thing(everything: $everything) { \(selections) \(aliases) __data: word __possibleTypes: word }
            }
            """
        let files = try Self.compile(schema: schema, document: document)
        try SwiftCompiler.typecheck(files)
    }
}
