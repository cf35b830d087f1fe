import BatonCompiler
import Foundation
import Testing

@Suite("Document globs")
struct GlobTests {
    @Test(arguments: [
        ("*.graphql", "a.graphql", true),
        ("*.graphql", "dir/a.graphql", false),
        ("**/*.graphql", "a.graphql", true),
        ("**/*.graphql", "x/y/a.graphql", true),
        ("Queries/**/*.graphql", "Queries/a.graphql", true),
        ("Queries/**/*.graphql", "Other/a.graphql", false),
        ("Queries/?.graphql", "Queries/ab.graphql", false),
        ("Queries/?b.graphql", "Queries/ab.graphql", true),
        ("a*b*c", "abbbc", true),
        ("a*b*c", "acb", false),
        ("**", "any/thing", true),
        ("exact.graphql", "exact.graphql", true),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func discoveryFindsMatchingFilesSorted() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appending(path: "baton-glob-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? manager.removeItem(at: root) }
        for path in ["b.graphql", "Q/a.graphql", "Q/deep/c.graphql", "Q/notes.txt", ".hidden/x.graphql", ".build/y.graphql"] {
            let url = root.appending(path: path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "".write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(DocumentDiscovery.files(matching: ["**/*.graphql"], under: root) == ["Q/a.graphql", "Q/deep/c.graphql", "b.graphql"])
        #expect(DocumentDiscovery.files(matching: ["Q/*.graphql"], under: root) == ["Q/a.graphql"])
        #expect(DocumentDiscovery.files(matching: ["**/*.graphql"], under: root, excluding: ["./b.graphql", "Q/a.graphql"]) == ["Q/deep/c.graphql"])
    }
}
