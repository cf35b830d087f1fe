import BatonCompiler
import Foundation
import Testing

/// The generated Swift grows with the document, not faster: each selection set's plan is declared
/// once, and a struct that holds what another already holds is a `typealias` to it.
@Suite("Generated size")
struct GeneratedSizeTests {
    /// The selections the documents write: fields, inline fragments and fragment spreads.
    static func selectionCount(_ documents: [DocumentNode]) -> Int {
        var count = 0
        var pending = documents.flatMap { document in
            document.operations.map(\.selectionSet) + document.fragments.map(\.selectionSet)
        }
        while let set = pending.popLast() {
            for selection in set.selections {
                count += 1
                switch selection {
                case .field(let field): if let child = field.selectionSet { pending.append(child) }
                case .inlineFragment(let fragment): pending.append(fragment.selectionSet)
                case .fragmentSpread: break
                }
            }
        }
        return count
    }

    /// The bytes of the generated files for operations and fragments, schema types left out.
    static func definitionBytes(_ files: [GeneratedFile]) -> Int {
        files.filter { $0.name != GeneratedFile.schemaTypesName }.reduce(0) { $0 + $1.contents.utf8.count }
    }

    @Test func referenceOutputStaysWithinItsBytesPerSelection() throws {
        let files = try ReferenceGenerationTests.generate()
        let sources = try ReferenceGenerationTests.sources()
        let selections = Self.selectionCount(try sources.map { try Parser.parse($0) })
        let perSelection = Double(Self.definitionBytes(files)) / Double(selections)
        print("Reference output: \(Self.definitionBytes(files)) bytes for \(selections) selections, \(Int(perSelection)) a selection.")
        // What the reference documents generate today (786, memberwise initializers included),
        // with room for a few more members; a plan or struct copied where it could be referenced passes it.
        #expect(perSelection < 850, "\(Int(perSelection)) bytes a selection")
    }

    /// `depth` levels of `friends`, each with a type case that selects `friends` again: every
    /// type case merges its own `friends` with the enclosing one's, whose struct holds every
    /// level below.
    static func mergedTypeCases(depth: Int) -> String {
        var selection = "name"
        for _ in 0..<depth {
            selection = "name friends { \(selection) } ... on Droid { primaryFunction friends { id } }"
        }
        return "query Nested { hero { \(selection) } }"
    }

    @Test func mergedTypeCasesGrowLinearlyWithDepth() throws {
        let schema = try Schema(
            sdl: try String(
                contentsOf: ReferenceGenerationTests.fixtures.appending(path: "schema.graphql"), encoding: .utf8))
        var perSelection: [Int: Double] = [:]
        for depth in [4, 16] {
            let source = Source(Self.mergedTypeCases(depth: depth), name: "Nested.graphql")
            let files = try Compilation.compile(
                documents: [source], schema: schema, options: ReferenceGenerationTests.options)
            let selections = Self.selectionCount([try Parser.parse(source)])
            perSelection[depth] = Double(Self.definitionBytes(files)) / Double(selections)
        }
        let growth = (perSelection[16] ?? 0) / (perSelection[4] ?? 1)
        // Indentation and longer paths cost a little more a level; copying would cost a level's
        // whole subtree.
        #expect(growth < 1.5, "bytes a selection grew \(growth)× from depth 4 to 16")
    }
}
