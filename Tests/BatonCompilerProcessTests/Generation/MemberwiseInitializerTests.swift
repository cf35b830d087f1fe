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

    /// Every shape a selection set generates: type cases on an interface, a fragment spread, a
    /// conditional field, a caught field, a `@required` one, a deferred part and a client field.
    static let shapes: Result<[GeneratedFile], any Error> = Result {
        try Compilation.compile(
            documents: [
                Source(
                    """
                    extend type Person { isFavorite: Boolean! @clientDefault(value: false) }

                    query Q($withAge: Boolean!) {
                      entities {
                        __typename id
                        ...Title
                        ... on Person { age @include(if: $withAge) friends { id name } isFavorite }
                        ... on Place { population @catch }
                        ... @defer(label: "later") { rank }
                      }
                      entity @required(action: LOG) { __typename id name }
                    }

                    fragment Title on Entity { name }
                    """, name: "Document.graphql")
            ],
            schema: try Schema(
                sdl: """
                    interface Entity { id: ID! name: String! rank: Int }
                    type Person implements Entity { id: ID! name: String! rank: Int age: Int! friends: [Person!]! }
                    type Place implements Entity { id: ID! name: String! rank: Int population: Int }
                    type Query { entities: [Entity!]! entity: Entity }
                    """))
    }

    static let shapesPayload = """
        import BatonCore

        let person = QQuery.Data.Entity(
            asPerson: .init(id: "1", age: nil, friends: [.init(id: "2", name: "Ada")], isFavorite: true),
            later: .init(rank: 1),
            fragments: .init(title: .init(__typename: "Person", name: "Grace")))
        let place = QQuery.Data.Entity(
            asPlace: .init(id: "p", population: 3), later: nil, fragments: .init(title: .init(__typename: "Place", name: "Paris")))
        let payload = QQuery.Data(entities: [person, place], entity: .init(__typename: "Place", id: "p", name: "Paris"))
        """

    @Test func aPayloadOfEveryShapeCompiles() throws {
        try SwiftCompiler.typecheck(try Self.shapes.get(), extra: Self.shapesPayload)
    }

    @Test func aTypeCasePayloadMissingANonNullFieldDoesNotCompile() throws {
        let error = #expect(throws: (any Error).self) {
            try SwiftCompiler.typecheck(
                try Self.shapes.get(),
                extra: Self.shapesPayload.replacingOccurrences(of: #"friends: [.init(id: "2", name: "Ada")], "#, with: ""))
        }
        #expect(String(describing: error).contains("missing argument for parameter 'friends'"), "\(String(describing: error))")
    }
}
