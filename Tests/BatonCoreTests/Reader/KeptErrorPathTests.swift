import Testing

@testable import BatonCore

/// The path a stored error reads back with, from another operation and at another depth.
@Suite("Reader: a kept error's path in another read")
struct KeptErrorPathTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var stored: String
        var readAt: String
        var field: Substring
        var expected: String
        var testDescription: String { name }

        init(_ name: String, _ stored: String, _ readAt: String, _ field: Substring, _ expected: String) {
            (self.name, self.stored, self.readAt, self.field, self.expected) = (name, stored, readAt, field, expected)
        }
    }

    /// `hero.friends.0.name` as path elements; digits are indices.
    static func path(_ dotted: String) -> [GraphQLError.PathElement] {
        dotted.split(separator: ".").map { part in Int(part).map { .index($0) } ?? .key(String(part)) }
    }

    static let cases: [Case] = [
        Case("the same read keeps the path it came with", "hero.friends.0.name", "hero.friends.0.name", "name", "hero.friends.0.name"),
        Case("kept on its own field, read shallower", "hero.friends.0.name", "character.name", "name", "character.name"),
        Case("kept on its own field, read deeper", "character.name", "hero.friends.1.name", "name", "hero.friends.1.name"),
        Case("kept on a nulled parent, read under an alias", "hero.friend.name", "villain", "hero", "villain.friend.name"),
        Case("kept in a list element of a nulled friend", "hero.friends.0.name", "b.friends.0", "friends", "b.friends.0.name"),
        Case("kept on a nulled list, below an element", "hero.friends.1.name", "other.friends", "friends", "other.friends.1.name"),
        Case("a list of lists keeps both indices", "grid.1.0", "cases.grid.1.0", "grid", "cases.grid.1.0"),
        Case("aliased in the first read: the deepest place that fits", "hero.friends.0.n", "character.name", "name", "character.name"),
    ]

    @Test(arguments: cases)
    func readsAtTheReadsPath(_ item: Case) {
        let path = KeptErrorPath.path(Self.path(item.stored), readAt: Self.path(item.readAt), fieldName: item.field)
        #expect(path == Self.path(item.expected))
    }
}
