import BatonCore
import Testing

@testable import BatonCompiler

/// The corpus's names and texts that reach generated Swift in positions of their own: type
/// names, definition names in every case style, and descriptions everywhere a schema or a
/// document may put one.
extension HostileSchemaTests {
    /// Every word Swift reserves, as GraphQL may spell a type name.
    static var keywordTypeNames: [String] {
        SwiftNames.keywords.subtracting(["_"]).sorted()
    }

    @Test func everyKeywordIsUsableAsAnObjectInterfaceAndUnionTypeName() throws {
        // A third of the words name object types, a third interfaces, a third unions; each of
        // the last two holds an object of its own.
        let names = Self.keywordTypeNames.enumerated().map { (word: $0.element, kind: $0.offset % 3) }
        let definitions = names.map { name in
            let word = name.word
            switch name.kind {
            case 0: return "type \(word) implements Node { id: ID! name: String \(word): \(word) }"
            case 1: return "interface \(word) { id: ID! }\ntype Impl_\(word) implements \(word) & Node { id: ID! name: String }"
            default: return "union \(word) = Impl_\(word)\ntype Impl_\(word) implements Node { id: ID! name: String }"
            }
        }
        let objects = names.map { $0.kind == 0 ? $0.word : "Impl_\($0.word)" }
        let schema = """
            interface Node { id: ID! }
            \(definitions.joined(separator: "\n"))
            union Everything = \(objects.joined(separator: " | "))
            type Query { node: Node everything: [Everything!]! \(names.map { "f_\($0.word): \($0.word)" }.joined(separator: " ")) }
            """
        let cases = names.map { "... on \($0.word) { ...On_\($0.word) }" }.joined(separator: " ")
        let roots = names.map { name in
            name.kind == 0 ? "f_\(name.word) { id ...On_\(name.word) }" : "f_\(name.word) { ... on Impl_\(name.word) { name } }"
        }
        let fragments = names.map { name in
            let word = name.word
            switch name.kind {
            case 0: return "fragment On_\(word) on \(word) { name \(word) { id } }"
            case 1: return "fragment On_\(word) on \(word) { id ... on Impl_\(word) { name } }"
            default: return "fragment On_\(word) on \(word) { ... on Impl_\(word) { id } }"
            }
        }
        let document = """
            query Types { node { id \(cases) } everything { \(cases) } \(roots.joined(separator: " ")) }
            \(fragments.joined(separator: "\n"))
            """
        let files = try Self.compile(schema: schema, document: document)
        let query = try #require(files.first { $0.name == "TypesQuery.graphql.swift" })
        #expect(query.contents.contains("public var asClass: AsClass?"))
        #expect(query.contents.contains(#"Selection.inlineFragment(InlineFragment(typeCondition: "class""#))
        try SwiftCompiler.typecheck(files)
    }

    /// Every word Swift reserves and every member generated code declares or inherits, as
    /// GraphQL may spell a type name.
    static var hostileTypeNames: [String] {
        Set(hostileNames).union(TypeMapping.generatedMemberNames).union(["request", "data"]).sorted()
    }

    @Test(arguments: [0, 1])
    func everyKeywordAndMemberNameIsUsableAsAnEnumAndAnInputTypeName(enumParity: Int) throws {
        let names = Self.hostileTypeNames
        let enums = names.enumerated().filter { $0.offset % 2 == enumParity }.map(\.element)
        let inputs = names.enumerated().filter { $0.offset % 2 != enumParity }.map(\.element)
        let schema = """
            \(enums.map { "enum \($0) { A B }" }.joined(separator: "\n"))
            \(inputs.map { "input \($0) { value: Int next: \($0) }" }.joined(separator: "\n"))
            type Holder { \(enums.map { "\($0): \($0)" }.joined(separator: " ")) }
            type Query {
              holder: Holder
              \(enums.map { "\($0)(\($0): \($0)): \($0)" }.joined(separator: " "))
              \(inputs.map { "\($0)(\($0): \($0)): Int" }.joined(separator: " "))
            }
            """
        let variables = names.map { "$\($0): \($0)" }.joined(separator: ", ")
        let fields = enums.joined(separator: " ")
        let document = """
            query Words(\(variables)) @cacheExpiration(seconds: 5) {
              \(names.map { "\($0)(\($0): $\($0))" }.joined(separator: " ")) holder { \(fields) ...HolderBits }
            }
            fragment HolderBits on Holder { \(fields) }
            """
        let files = try Self.compile(schema: schema, document: document, options: GenerationOptions(onError: .null))
        try SwiftCompiler.typecheck(files)
        try SwiftCompiler.typecheck(
            try Self.compile(schema: schema, document: document, options: GenerationOptions(schemaTypePrefix: "API")))
    }

    /// One word in each case style JavaScript, .NET, Python, constants and private names use.
    static let caseStyles = ["userProfile", "UserAccount", "user_post", "USER_TAG", "_userNote", "__userDraft"]

    @Test func fragmentsAndOperationsNamedInEveryCaseStyleGenerate() throws {
        let schema = """
            type User { id: ID! name: String friend: User }
            type Query { user: User }
            type Mutation { rename(name: String): User }
            type Subscription { renamed: User }
            """
        var definitions: [String] = []
        for (index, style) in Self.caseStyles.enumerated() {
            let others = Self.caseStyles.filter { $0 != style }.map { "...\($0)Fields" }.joined(separator: " ")
            definitions.append("fragment \(style)Fields on User { id friend { name } }")
            switch index % 3 {
            case 0: definitions.append("query \(style) { user { name \(others) } }")
            case 1: definitions.append("mutation \(style)($name: String) { rename(name: $name) { ...\(style)Fields } }")
            default: definitions.append("subscription \(style) { renamed { \(others) } }")
            }
        }
        let files = try Self.compile(schema: schema, document: definitions.joined(separator: "\n"))
        let names = Set(files.map(\.name))
        for expected in [
            "UserProfileQuery.graphql.swift", "UserAccountMutation.graphql.swift", "User_postSubscription.graphql.swift",
            "USER_TAGQuery.graphql.swift", "_UserNoteMutation.graphql.swift", "__UserDraftSubscription.graphql.swift",
            "UserProfileFields.graphql.swift", "User_postFields.graphql.swift", "__UserDraftFields.graphql.swift",
        ] {
            #expect(names.contains(expected), "\(expected) not in \(names.sorted())")
        }
        try SwiftCompiler.typecheck(files)
    }

    /// A description with every character sequence that ends or escapes a Swift comment or string.
    static let hostileText =
        ##"Windows\r\nline, old Mac\rline */ /* \"\"\" \"\"\"# \\ \\(x) \\u{0} nul \u0000 escape \u001B[0m \u2028 end"##

    @Test func descriptionsInEveryPositionStayInTheirComments() throws {
        let text = "\"\(Self.hostileText)\""
        // A block string keeps carriage returns as they are written.
        let block = "\"\"\"\nBlock\r\nCRLF\rCR \\\"\"\" */ \\\n\"\"\""
        let schema = """
            \(text) directive @tag(\(text) name: String) repeatable on FIELD_DEFINITION | FIELD
            \(block) scalar Money
            \(text) enum Mode { \(text) ON \(block) OFF }
            \(text) input Filter { \(text) mode: Mode \(block) limit: Int = 3 }
            \(block) interface Node { \(text) id: ID! }
            \(text) type Item implements Node { \(block) id: ID! \(text) name(\(text) upper: Boolean): String @tag(name: "x") price: Money }
            \(text) union Result = Item
            \(text) type Query { \(text) items(\(text) filter: Filter \(block) mode: Mode): [Item!]! result: Result node: Node }
            """
        let document = """
            \(text)
            query Items($filter: Filter, $mode: Mode) {
              items(filter: $filter, mode: $mode) { id name(upper: true) @tag(name: "a \\"\\"\\"# b") price }
              result { ... on Item { ...ItemBits } }
              node { id }
            }
            \(block)
            fragment ItemBits on Item { name }
            """
        let files = try Self.compile(
            schema: schema, document: document, options: GenerationOptions(customScalars: ["Money": "String"]))
        let all = files.map(\.contents).joined(separator: "\n")
        #expect(!all.contains("\r"))
        // A NUL would make the file binary to the tools that read it, an escape act on a terminal.
        #expect(!all.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" })
        #expect(all.contains("/// Windows\n"))
        try SwiftCompiler.typecheck(files)
    }
}

extension HostileSchemaTests {
    @Test func propertiesGeneratedCodeNamesHideNoSchemaType() throws {
        // Each enum is spelled like a property generated code adds: a type case's, a deferred
        // block's, the fragments accessor and the one it moves to beside a field `fragments`.
        let schema = """
            enum asItem { A } enum deferred { A } enum fragments { A } enum fragments_ { A } enum bits { A }
            interface Node { id: ID! }
            type Item implements Node {
              id: ID! a: asItem d: deferred f: fragments g: fragments_ b: bits fragments: fragments
            }
            type Other implements Node { id: ID! }
            type Query { node: Node }
            """
        let document = """
            query N {
              node { id ... on Item { a d f g b fragments } ...Bits ... @defer { id } ... @defer(label: "bits") { id } }
            }
            fragment Bits on Node { id }
            """
        let files = try Self.compile(schema: schema, document: document)
        let text = files.map(\.contents).joined(separator: "\n")
        #expect(text.contains("public var asItem_: AsItem_?"))
        #expect(text.contains("public enum fragments2: GraphQLEnum"))
        try SwiftCompiler.typecheck(files)
    }
}
