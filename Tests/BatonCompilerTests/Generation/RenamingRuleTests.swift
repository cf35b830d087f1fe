import BatonCompiler
import Testing

/// The table of docs/GeneratedCode.md ("How names become Swift names"), row by row, as the
/// generator writes it: a schema written to collide with Swift and with the generated code's own
/// names, each renamed by the one rule (`name_`, then `name2`, `name3`, …).
@Suite("The renaming rule, as the generated-code guide tells it")
struct RenamingRuleTests {
    static let schema = """
        enum Kind { BOOK FILM NEW_HOPE none }
        enum Result { OK FAILED }
        input Filter { self: String, json: String, json_: String, kind: Kind }
        type Item { id: ID! default: String self: String Kind: Kind result: Result fragments: String }
        type Query { items(filter: Filter): [Item!]! }
        """
    static let document = """
        query Items($filter: Filter) {
          items(filter: $filter) { id default self Kind result fragments ...ItemID }
        }
        fragment ItemID on Item { id }
        """

    static func generated() throws -> String {
        let files = try Compilation.compile(
            documents: [Source(document, name: "Items.graphql")], schema: try Schema(sdl: schema), options: GenerationOptions())
        return files.map(\.contents).joined(separator: "\n")
    }

    @Test(arguments: [
        // A word Swift reserves keeps its name, in backticks.
        ("field default", "public var `default`: String?"),
        // `self` cannot be a member even in backticks.
        ("field self", "public var self_: String?"),
        ("input field self", "public var self_: Nullable<String>"),
        // Every input type has a member `json`; the schema's `json_` is taken, so `json2`.
        ("input field json", "public var json2: Nullable<String>"),
        ("input field json_", "public var json_: Nullable<String>"),
        // A member named like the generated type `Kind` would hide it.
        ("field Kind", "public var Kind_: Kind?"),
        // Generated code names Swift's `Result`.
        ("enum Result", "public enum Result_: GraphQLEnum"),
        ("field result", "public var result: Result_?"),
        // The schema's `fragments` is kept; the spreads' accessor moves.
        ("field fragments", "public var fragments: String?"),
        ("the spreads", "public var fragments_: Fragments"),
        ("enum value none", "case none_\n"),
        ("enum value NEW_HOPE", "case newHope\n"),
    ])
    func aRowOfTheGuide(row: String, swift: String) throws {
        #expect(try Self.generated().contains(swift), "\(row) is not generated as \(swift)")
    }
}
