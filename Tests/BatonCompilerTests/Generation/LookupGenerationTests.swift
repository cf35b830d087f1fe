import BatonCompiler
import BatonCore
import Foundation
import Testing

/// `baton.json` `lookups`: read strictly, checked against the schema with errors naming the
/// entry's key, and compiled into the plan's root field.
@Suite("Lookups in generated plans")
struct LookupGenerationTests {
    let schema = """
        interface Node { id: ID! }
        type Book implements Node { id: ID! isbn: String! edition: Int! title: String! }
        type Author implements Node { id: ID! name: String! }
        type Query {
          book(id: ID!, isbn: String, edition: Int): Book
          node(id: ID!): Node
          books(ids: [ID!]!): [Book!]!
          title: String
        }
        """
    let document = """
        query BookTitle($id: ID!) { book(id: $id) { id title } }
        query NodeID($id: ID!) { node(id: $id) { id } }
        """

    func compile(_ lookups: [LookupConfiguration], cacheKeys: [String: [String]] = [:]) throws -> String {
        var options = GenerationOptions(cacheKeys: cacheKeys)
        options.lookups = lookups
        let files = try Compilation.compile(
            documents: [Source(document, name: "a.graphql")], schema: try Schema(sdl: schema), options: options)
        return files.map(\.contents).joined(separator: "\n")
    }

    func error(_ lookups: [LookupConfiguration], cacheKeys: [String: [String]] = [:]) -> String {
        do {
            _ = try compile(lookups, cacheKeys: cacheKeys)
            return "compiled"
        } catch let error as CompilationError {
            return error.diagnostics.map(\.message).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    @Test func withoutLookupsThePlanSaysNothingOfThem() throws {
        #expect(!(try compile([])).contains("lookup:"))
    }

    @Test func aLookupMarksTheRootFieldWithItsTypeAndArguments() throws {
        let text = try compile([LookupConfiguration(field: "Query.book", type: "Book", arguments: ["id"])])
        #expect(text.contains(#"lookup: RecordLookup(typenames: ["Book"], arguments: ["id"])"#))
        #expect(text.components(separatedBy: "lookup:").count == 2, "only book(id:) is a lookup")
    }

    @Test func aLookupWithNoTypeProbesEveryPossibleType() throws {
        let text = try compile([LookupConfiguration(field: "Query.node", arguments: ["id"])])
        #expect(text.contains(#"lookup: RecordLookup(typenames: ["Author", "Book"], arguments: ["id"])"#))
    }

    @Test func aCompositeKeyTakesOneArgumentPerKeyField() throws {
        let text = try compile(
            [LookupConfiguration(field: "Query.book", arguments: ["isbn", "edition"])], cacheKeys: ["Book": ["isbn", "edition"]])
        #expect(text.contains(#"lookup: RecordLookup(typenames: ["Book"], arguments: ["isbn", "edition"])"#))
        #expect(
            error([LookupConfiguration(field: "Query.book", arguments: ["id"])], cacheKeys: ["Book": ["isbn", "edition"]])
                == #"baton.json: error: "lookups[0].arguments" is ["id"]; accepted: one argument per key field of Book (isbn, edition)"#)
    }

    @Test(arguments: [
        (
            LookupConfiguration(field: "Query.bok", arguments: ["id"]),
            #"baton.json: error: "lookups[0].field" is "Query.bok"; accepted: a field of Query Did you mean "Query.book" or "Query.books"?"#
        ),
        (
            LookupConfiguration(field: "Book.id", arguments: ["id"]),
            #"baton.json: error: "lookups[0].field" is "Book.id"; accepted: a root query field, as "Query.character""#
        ),
        (
            LookupConfiguration(field: "Query.books", arguments: ["ids"]),
            #"baton.json: error: "lookups[0].field" is "Query.books"; accepted: a field returning one object, not [Book!]!"#
        ),
        (
            LookupConfiguration(field: "Query.title", arguments: ["id"]),
            #"baton.json: error: "lookups[0].field" is "Query.title"; accepted: a field returning one object, not String"#
        ),
        (
            LookupConfiguration(field: "Query.book", type: "Author", arguments: ["id"]),
            #"baton.json: error: "lookups[0].type" is "Author"; accepted: an object, interface or union type Query.book can return"#
        ),
        (
            LookupConfiguration(field: "Query.book", arguments: ["ide"]),
            #"baton.json: error: "lookups[0].argument" is "ide"; accepted: an argument of Query.book Did you mean "id"?"#
        ),
    ])
    func aBadLookupIsAnErrorNamingItsKey(lookup: LookupConfiguration, message: String) {
        #expect(error([lookup]) == message)
    }

    @Test func baton_jsonReadsLookupsStrictly() throws {
        let configuration = try CompilerConfiguration(
            json: #"""
                {"schema": "s", "documents": "d", "output": "o", "lookups": [
                  {"field": "Query.book", "type": "Book", "argument": "id"},
                  {"field": "Query.book", "arguments": ["isbn", "edition"]}
                ]}
                """#)
        #expect(
            configuration.generation.lookups == [
                LookupConfiguration(field: "Query.book", type: "Book", arguments: ["id"]),
                LookupConfiguration(field: "Query.book", arguments: ["isbn", "edition"]),
            ])
        let bad: [(String, String)] = [
            (
                #"[{"field": "Query.book"}]"#,
                #"baton.json: error: "lookups[0].argument" is missing; accepted: an argument name, or "arguments": a list of them"#
            ),
            (
                #"[{"field": "Query.book", "argument": "id", "arguments": ["id"]}]"#,
                #"baton.json: error: "lookups[0].arguments" is ["id"]; accepted: "argument" or "arguments", not both"#
            ),
            (
                #"[{"field": "Query.book", "argumnt": "id"}]"#,
                #"baton.json: error: "lookups[0].argumnt" is "id"; accepted: only the keys "field", "type", "argument" or "arguments" Did you mean "argument" or "arguments"?"#
            ),
            (
                #"{"field": "Query.book"}"#,
                #"baton.json: error: "lookups" is {"field":"Query.book"}; accepted: a list of objects such as {"field": "Query.character", "type": "Character", "argument": "id"}"#
            ),
        ]
        for (value, message) in bad {
            #expect(throws: (any Error).self) {
                try CompilerConfiguration(json: #"{"schema": "s", "documents": "d", "output": "o", "lookups": "# + value + "}")
            }
            do {
                _ = try CompilerConfiguration(json: #"{"schema": "s", "documents": "d", "output": "o", "lookups": "# + value + "}")
            } catch {
                #expect(error.description == message)
            }
        }
    }
}
