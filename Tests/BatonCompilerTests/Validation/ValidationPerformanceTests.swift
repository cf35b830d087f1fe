import BatonCompiler
import Testing

/// `count` valid operations over ``generatedSchema(types:)``, each with variables, a fragment,
/// fields selected twice (directly and through the fragment), inline fragments on a union and an
/// interface, and arguments.
func generatedValidOperations(count: Int) -> String {
    var text = ""
    for index in 0..<count {
        text += """
            query Operation\(index)($filter: Input0, $after: String, $id: ID!) {
              root {
                id
                name
                count(filter: $filter, first: 20)
                next {
                  ...Fields\(index)
                  name
                  items(after: $after) {
                    id
                    kind
                    union {
                      __typename
                      ... on Object2 { name }
                      ... on Node { id }
                    }
                  }
                }
              }
              node(id: $id) {
                id
                ... on Object\(index % 1_000) { name tags }
              }
            }

            fragment Fields\(index) on Object1 {
              id
              name
              tags
              next { name next { name } }
            }


            """
    }
    return text
}

/// Two chains of fragments that spread each other twice at every level: comparing them without
/// remembering which fragments were compared would take 2^`depth` comparisons.
func crossSpreadingFragments(depth: Int) -> String {
    var text = "{ human { ...F0 ...G0 } }\n"
    for level in 0..<depth {
        let next = level + 1
        text += "fragment F\(level) on Human { name relatives { ...F\(next) } relatives { ...G\(next) } }\n"
        text += "fragment G\(level) on Human { name relatives { ...G\(next) } relatives { ...F\(next) } }\n"
    }
    return text + "fragment F\(depth) on Human { name }\nfragment G\(depth) on Human { name }\n"
}

/// `relatives` selected `width` times at each of `depth` levels around `leaf`.
func nestedSelection(width: Int, depth: Int, leaf: String) -> String {
    var selection = leaf
    for _ in 0..<depth {
        selection = "relatives { " + selection + " }"
        selection = Array(repeating: selection, count: width).joined(separator: " ")
    }
    return selection
}

@Suite struct ValidationPerformanceTests {
    @Test func validatesManyOperationsAgainstALargeSchema() throws {
        let schema = try Schema(sdl: generatedSchema(types: 2_000))
        let document = try Parser.parse(Source(generatedValidOperations(count: 500)), maxTokens: 1_000_000)
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure {
            diagnostics = validate(document: document, schema: schema)
        }
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(5))")
        print("Validated 500 operations and 500 fragments against a 2,000-type schema in \(elapsed) (this build).")
        // A loose bound that catches accidental quadratic work even in a debug build on a busy machine.
        #expect(elapsed < .seconds(20))
    }

    @Test func fieldMergingRemembersComparedFragments() throws {
        let schema = try ValidationTestSchema.schema.get()
        let document = try Parser.parse(crossSpreadingFragments(depth: 60))
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure {
            diagnostics = validate(document: document, schema: schema)
        }
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        #expect(elapsed < .seconds(10))
    }

    @Test func fieldMergingStopsWhenItsBudgetIsSpent() throws {
        // 2,000 fields under one response name are 2 million pairs to compare.
        let text = "{ human { " + Array(repeating: "name", count: 2_000).joined(separator: " ") + " } }"
        let clock = ContinuousClock()
        var diagnostics: [ExpectedError] = []
        let elapsed = try clock.measure {
            diagnostics = try validationErrors(specifiedRules, text)
        }
        #expect(
            diagnostics == [ExpectedError(message: "Too many fields share response names to compare them all. Validation aborted.", locations: [])])
        #expect(elapsed < .seconds(10))
    }

    @Test func fieldMergingReportsAConflictDeepInRepeatedFields() throws {
        // One more chain of `relatives` whose innermost selection selects another field as `name`.
        let text =
            "{ human { " + nestedSelection(width: 3, depth: 4, leaf: "name") + " "
            + nestedSelection(width: 1, depth: 4, leaf: "name: iq") + " } }"
        let diagnostics = try validationErrors([OverlappingFieldsCanBeMergedRule.self], text)
        // graphql-core reports the same three: one for each pair of `relatives` at the top.
        #expect(diagnostics.count == 3)
        #expect(diagnostics.allSatisfy { $0.message.hasPrefix("Fields \"relatives\" conflict because subfields") })
    }
}

/// Unions nested through list fields: the first level's members each select a list of the next
/// level's union with a type condition per member, down to the last, every member selecting `id`
/// and `title`. `counts` of 10, 50 and 20 is a screen of 10,000 type conditions at the bottom.
func nestedUnionScreen(counts: [Int], conflictAt path: [Int]? = nil) -> (schema: String, document: String) {
    var schema = "type Query { items: [Level0!]! }\n"
    for (level, count) in counts.enumerated() {
        let members = (0..<count).map { "L\(level)M\($0)" }
        schema += "union Level\(level) = " + members.joined(separator: " | ") + "\n"
        let next = level + 1 < counts.count ? " items: [Level\(level + 1)!]!" : ""
        for member in members { schema += "type \(member) { id: ID! title: String! rank: Int\(next) }\n" }
    }
    func selections(_ level: Int, _ trail: [Int]) -> String {
        (0..<counts[level]).map { member in
            let here = trail + [member]
            let title = here == path ? "title: rank" : "title"
            let next = level + 1 < counts.count ? " items { \(selections(level + 1, here)) }" : ""
            return "... on L\(level)M\(member) { id \(title)\(next) }"
        }.joined(separator: " ")
    }
    return (schema, "query Screen { items { \(selections(0, [])) } }")
}

@Suite struct FieldMergingScreenTests {
    @Test func validatesTenThousandTypeConditionsQuickly() throws {
        let screen = nestedUnionScreen(counts: [10, 50, 20])
        let schema = try Schema(sdl: screen.schema)
        let document = try Parser.parse(Source(screen.document), maxTokens: 1_000_000)
        let clock = ContinuousClock()
        var diagnostics: [Diagnostic] = []
        let elapsed = clock.measure {
            diagnostics = validate(document: document, schema: schema, rules: [OverlappingFieldsCanBeMergedRule.self])
        }
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        print("Field merging over 10 × 50 × 20 type conditions: \(elapsed) (this build).")
        // Comparing every pair of places would be 10^8 comparisons and exhaust the budget.
        #expect(elapsed < .seconds(5))
    }
}
