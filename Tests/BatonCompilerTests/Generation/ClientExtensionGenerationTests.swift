import BatonCompiler
import BatonCore
import Foundation
import Testing

/// Client schema extensions among the documents: merged into the schema, their fields planned
/// as the client's and left out of the text sent, and bad extensions refused.
@Suite("Client schema extensions")
struct ClientExtensionGenerationTests {
    let schema = """
        type Note { id: ID! text: String! }
        type Query { note(id: ID!): Note! }
        """
    let extensions = """
        extend type Note { isPinned: Boolean draft: Draft }
        "A draft the app keeps."
        type Draft { body: String }
        """

    func compile(_ documents: String...) throws -> String {
        let sources = documents.enumerated().map { Source($0.element, name: "\($0.offset).graphql") }
        let files = try Compilation.compile(documents: sources, schema: try Schema(sdl: schema))
        return files.map(\.contents).joined(separator: "\n")
    }

    /// The text an operation's generated type sends: its `document`.
    func sentText(_ generated: String) -> String? {
        generated.components(separatedBy: "static let document").dropFirst().first?
            .components(separatedBy: "static let operationID").first
    }

    func messages(_ documents: String...) -> [String] {
        do {
            let sources = documents.enumerated().map { Source($0.element, name: "\($0.offset).graphql") }
            _ = try Compilation.compile(documents: sources, schema: try Schema(sdl: schema))
            return []
        } catch let error as CompilationError {
            return error.diagnostics.map(\.message)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func clientFieldsArePlannedAsTheClientsAndNeverSent() throws {
        let text = try compile(extensions, "query Pinned($id: ID!) { note(id: $id) { id text isPinned draft { body } } }")
        let document = try #require(sentText(text))
        #expect(document.contains("text"))
        #expect(!document.contains("isPinned"))
        #expect(!document.contains("draft"))
        #expect(text.contains(#"PlanField(name: "isPinned", type: .named("Boolean"), isClientField: true)"#))
        #expect(text.components(separatedBy: "isClientField: true").count - 1 == 3, "isPinned, draft and Draft.body")
        #expect(text.contains(#"PlanField(name: "text", type: .nonNull(.named("String")))"#), "a server field is not the client's")
    }

    @Test func aSelectionOfClientFieldsAloneSendsTheTypename() throws {
        let text = try compile(extensions, "query Pinned($id: ID!) { note(id: $id) { isPinned } }")
        let document = try #require(sentText(text))
        #expect(document.contains("__typename"))
        #expect(!document.contains("isPinned"))
    }

    @Test func anExtensionOfAnUnknownTypeIsRefused() {
        let found = messages("extend type Missing { flag: Boolean }", "query Q { note(id: \"1\") { id } }")
        #expect(!found.isEmpty)
        #expect(found.contains { $0.contains("Missing") })
    }

    @Test func aFieldTheServerDefinesCannotBeDefinedAgain() {
        let found = messages("extend type Note { text: String }", "query Q { note(id: \"1\") { id } }")
        #expect(found.contains { $0.contains("text") })
    }

    @Test func aSchemaOrDirectiveDefinitionAmongTheDocumentsIsRefused() {
        let found = messages("directive @local on FIELD", "query Q { note(id: \"1\") { id } }")
        #expect(
            found == [
                "A document to generate from holds operations, fragments, and the client's types and type extensions only."
            ])
    }

    @Test func validationReadsTheDocumentsAgainstTheExtendedSchema() throws {
        let schema = try Schema(sdl: schema)
        let extended = [Source(extensions, name: "local.graphql"), Source("query Q { note(id: \"1\") { isPinned } }", name: "q.graphql")]
        #expect(DocumentChecking.check(extended, schema: schema).isEmpty)
        let unknown = DocumentChecking.check([Source("query Q { note(id: \"1\") { isPinned } }", name: "q.graphql")], schema: schema)
        #expect(unknown.map(\.message) == [#"Cannot query field "isPinned" on type "Note"."#])
    }

    @Test func aClientFieldTheExtensionsDoNotDefineIsAnUnknownField() {
        let found = messages("query Q { note(id: \"1\") { id isPinned } }")
        #expect(found.contains { $0.contains("isPinned") })
    }

    @Test func aNonNullClientFieldWithoutADefaultIsRefused() {
        let found = messages("extend type Note { isFavorite: Boolean! }", "query Q { note(id: \"1\") { id } }")
        #expect(
            found == [
                #"Client field "Note.isFavorite" is of non-null type "Boolean!" but declares no default: the app has written nothing to it at first. Give it one with @clientDefault(value: …), or make its type nullable."#
            ])
    }

    @Test func aClientDefaultOfAnotherTypeIsRefused() {
        let found = messages(
            """
            enum Mood { CALM LOUD }
            extend type Note { isFavorite: Boolean! @clientDefault(value: "no") mood: Mood! @clientDefault(value: ANGRY) }
            """,
            "query Q { note(id: \"1\") { id } }")
        #expect(
            found == [
                #"Client field "Note.isFavorite" has a @clientDefault that is not a "Boolean!": expected a Boolean literal."#,
                #"Client field "Note.mood" has a @clientDefault that is not a "Mood!": expected one of CALM, LOUD."#,
            ])
    }

    @Test func aClientDefaultIsPlannedOnTheField() throws {
        let text = try compile(
            "extend type Note { isFavorite: Boolean! @clientDefault(value: false) tags: [String!]! @clientDefault(value: [\"new\"]) }",
            "query Favorite($id: ID!) { note(id: $id) { id isFavorite tags } }")
        #expect(text.contains(#"isClientField: true, clientDefault: .bool(false)"#), "\(text)")
        #expect(text.contains(#"clientDefault: .list([.string("new")])"#))
        #expect(text.contains("public var isFavorite: Bool {") || text.contains("var isFavorite: Bool {"))
    }
}
