import BatonCompiler
import Testing

/// `baton.json` `cacheKeys` reach the generated plan, interfaces resolved to their types.
@Suite("Cache keys in generated plans")
struct CacheKeyGenerationTests {
    let schema = """
        interface Node { id: ID! }
        type Book implements Node { id: ID! isbn: String! edition: Int! }
        type Author implements Node { id: ID! name: String! }
        type Shelf { label: String! books: [Book!]! }
        type Query { shelf: Shelf node(id: ID!): Node }
        """
    let document = "query Shelf { shelf { label books { isbn edition } } }"

    func plan(cacheKeys: [String: [String]]) throws -> String {
        let files = try Compilation.compile(
            documents: [Source(document, name: "a.graphql")], schema: try Schema(sdl: schema),
            options: GenerationOptions(cacheKeys: cacheKeys))
        return try #require(files.first { $0.contents.contains("struct ShelfQuery") }).contents
    }

    @Test func withoutCacheKeysThePlanSaysNothingOfThem() throws {
        #expect(!(try plan(cacheKeys: [:])).contains("keyed(by:"))
    }

    @Test func compositeKeysOfATypeAreWrittenInOrder() throws {
        #expect(try plan(cacheKeys: ["Book": ["isbn", "edition"]]).contains(#".keyed(by: CacheKeys(["Book": ["isbn", "edition"]]))"#))
    }

    @Test func anInterfacesEntryCoversItsImplementersAndATypesOwnEntryWins() throws {
        let text = try plan(cacheKeys: ["Node": ["name"], "Book": ["isbn"], "Shelf": []])
        #expect(text.contains(#".keyed(by: CacheKeys(["Author": ["name"], "Book": ["isbn"], "Shelf": []]))"#))
    }
}
