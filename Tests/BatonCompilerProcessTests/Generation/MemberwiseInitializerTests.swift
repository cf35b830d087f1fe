import BatonCompiler
import Foundation
import Testing

/// The memberwise initializers of generated data types, type-checked: a payload with every
/// field compiles, with a custom scalar, an enum, a list and a nullable object among them; one
/// that leaves out a non-null field does not.
@Suite struct MemberwiseInitializerTests {
    static let files: Result<[GeneratedFile], any Error> = Result {
        try HostileSchemaTests.compile(
            schema: """
                scalar DateTime
                enum Mood { CALM, LOUD }
                type Author { id: ID! name: String! }
                type Note { id: ID! text: String! mood: Mood written: DateTime! authors: [Author!]! editor: Author }
                type Query { note: Note! }
                """,
            document: "query Q { note { __typename id text mood written authors { id name } editor { id name } } }",
            options: GenerationOptions(customScalars: ["DateTime": "Date"]))
    }

    @Test func aPayloadWithEveryFieldCompiles() throws {
        try SwiftCompiler.typecheck(
            try Self.files.get(),
            extra: """
                import BatonCore
                import Foundation

                let payload = QQuery.Data(
                    note: .init(
                        id: "1", text: "a note", mood: .calm, written: Date(timeIntervalSince1970: 0),
                        authors: [.init(id: "a", name: "Ada")], editor: nil))
                """)
    }

    @Test func aPayloadMissingANonNullFieldDoesNotCompile() throws {
        let error = #expect(throws: (any Error).self) {
            try SwiftCompiler.typecheck(
                try Self.files.get(),
                extra: """
                    import BatonCore
                    import Foundation

                    let payload = QQuery.Data(
                        note: .init(id: "1", mood: nil, written: Date(), authors: [], editor: nil))
                    """)
        }
        #expect(String(describing: error).contains("missing argument for parameter 'text'"), "\(String(describing: error))")
    }
}
