import BatonCompiler
import BatonCore
import Testing

/// The Swift written for fragment arguments: a spread's plan with its values in place, and a
/// view that reads with them.
@Suite("Fragment arguments generation")
struct FragmentArgumentsGenerationTests {
    static let document = #"""
        query PetTags($n: Int) {
          pet(id: 1) { ...DogTags @arguments(count: $n) }
          dog { ...DogTags }
        }
        fragment DogTags on Dog @argumentDefinitions(count: {type: "Int", defaultValue: 2}) { tags(first: $count) }
        """#

    func files() throws -> [String: String] {
        let files = try Compilation.compile(
            documents: [Source(Self.document, name: "PetTags.graphql")], schema: planningSchema(), options: GenerationOptions(),
            layout: .perDefinition)
        return Dictionary(files.map { ($0.name, $0.contents) }) { first, _ in first }
    }

    @Test func aSpreadReadsItsViewWithItsValues() throws {
        let query = try #require(try files()["PetTagsQuery.graphql.swift"])
        // On an interface the view may not apply; on the fragment's own type it does.
        #expect(
            query.contains(
                #"__data.viewIfPresent(DogTags.self, ifTypeIn: DogTags.plan.possibleTypes, arguments: [PlanArgument(name: "count", value: .variable("n"))])"#
            ))
        #expect(query.contains(#"__data.view(DogTags.self, arguments: [PlanArgument(name: "count", value: .literal(.int(2)))])"#))
        // Each spread's plan is the fragment's with the spread's value in place.
        #expect(query.contains(#"PlanField(name: "tags", arguments: [PlanArgument(name: "first", value: .variable("n"))]"#))
        #expect(query.contains(#"PlanField(name: "tags", arguments: [PlanArgument(name: "first", value: .literal(.int(2)))]"#))
        #expect(!query.contains("DogTags.plan))"))
    }

    @Test func theFragmentsOwnPlanKeepsItsArgumentAVariable() throws {
        let fragment = try #require(try files()["DogTags.graphql.swift"])
        #expect(fragment.contains(#"PlanField(name: "tags", arguments: [PlanArgument(name: "first", value: .variable("count"))]"#))
    }
}
