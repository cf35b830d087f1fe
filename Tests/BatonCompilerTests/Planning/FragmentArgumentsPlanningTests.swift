import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

/// Relay's fragment arguments as planned: each spread's values in place of the fragment's
/// `$arguments`, in the text sent and in the plan, so each spread's fields have keys of their own.
@Suite("Fragment arguments planning")
struct FragmentArgumentsPlanningTests {
    static let dogTags = #"fragment DogTags on Dog @argumentDefinitions(count: {type: "Int", defaultValue: 2}) { tags(first: $count) }"#

    /// The spreads of `selections`, looking into fields.
    func spreads(_ selections: [Selection]) -> [FragmentSpread] {
        selections.flatMap { selection -> [FragmentSpread] in
            switch selection {
            case .field(let field): return spreads(field.selections)
            case .fragmentSpread(let spread): return [spread]
            case .inlineFragment(let fragment): return spreads(fragment.selections)
            case .condition(let condition): return spreads(condition.selections)
            case .deferred(let deferred): return spreads(deferred.selections)
            }
        }
    }

    func storageKeys(_ spread: FragmentSpread, variables: JSONObject = [:]) -> [String] {
        spread.fragment.selections.compactMap { selection in
            guard case .field(let field) = selection else { return nil }
            return field.storageKey(variables: variables).rawValue
        }
    }

    @Test func eachSpreadSendsAndPlansItsOwnValues() throws {
        let planned = try plan("query Q { a: dog { ...DogTags } b: dog { ...DogTags @arguments(count: 3) } }\n" + Self.dogTags)
        let operation = try #require(planned.operations.first)
        let found = spreads(operation.plan.selections)
        #expect(found.map(\.fragment.name) == ["DogTags", "DogTags"])
        #expect(found.map { storageKeys($0) } == [["tags(first:2)"], ["tags(first:3)"]])
        #expect(found.map(\.arguments) == [[PlanArgument(name: "count", value: .literal(2))], [PlanArgument(name: "count", value: .literal(3))]])
        let defaultCopy = "DogTags_" + SHA256.hexDigest("count:2").prefix(8)
        let givenCopy = "DogTags_" + SHA256.hexDigest("count:3").prefix(8)
        #expect(
            operation.document == """
                query Q {
                  a: dog {
                    ...\(defaultCopy)
                  }
                  b: dog {
                    ...\(givenCopy)
                  }
                }

                fragment \(defaultCopy) on Dog {
                  tags(first: 2)
                }

                fragment \(givenCopy) on Dog {
                  tags(first: 3)
                }
                """)
        #expect(operation.fragmentNames == ["DogTags"])
        // The fragment's own plan keeps its argument a variable, which a reference's variables resolve.
        let fragment = try #require(planned.fragments.first)
        guard case .field(let tags) = fragment.plan.selections.first else {
            Issue.record("expected a field in \(fragment.plan)")
            return
        }
        #expect(tags.arguments == [PlanArgument(name: "first", value: .variable("count"))])
    }

    @Test func anOperationVariableStaysAVariableAndIsStillSent() throws {
        let operation = try #require(
            try plan("query Q($n: Int) { dog { ...DogTags @arguments(count: $n) } }\n" + Self.dogTags).operations.first)
        #expect(operation.document.hasPrefix("query Q($n: Int) {"))
        #expect(operation.document.contains("tags(first: $n)"))
        let spread = try #require(spreads(operation.plan.selections).first)
        #expect(spread.arguments == [PlanArgument(name: "count", value: .variable("n"))])
        #expect(storageKeys(spread, variables: ["n": 7]) == ["tags(first:7)"])
    }

    @Test func anArgumentNeitherGivenNorDefaultedIsNull() throws {
        let text = #"""
            query Q { dog { ...Tags } }
            fragment Tags on Dog @argumentDefinitions(count: {type: "Int"}) { tags(first: $count) }
            """#
        let operation = try #require(try plan(text).operations.first)
        #expect(operation.document.contains("tags(first: null)"))
        #expect(spreads(operation.plan.selections).first.map { storageKeys($0) } == ["tags(first:null)"])
    }

    @Test func aLiteralConditionIsResolvedPerSpreadInThePlan() throws {
        let text = #"""
            query Q { dog { ...Barks @arguments(withBarks: false) } }
            fragment Barks on Dog @argumentDefinitions(withBarks: {type: "Boolean!", defaultValue: true}) { name barks @include(if: $withBarks) }
            """#
        let operation = try #require(try plan(text).operations.first)
        #expect(operation.document.contains("barks @include(if: false)"))
        #expect(spreads(operation.plan.selections).first.map { storageKeys($0) } == ["name"])
    }

    @Test func aNestedSpreadTakesItsValuesFromTheEnclosingFragmentOnly() throws {
        // `$count` in Outer is its own argument; in Inner, `$limit` is the operation's variable.
        let text = #"""
            query Q($limit: Int) { dog { ...Outer @arguments(count: 5) } }
            fragment Outer on Dog @argumentDefinitions(count: {type: "Int"}) { ...Inner @arguments(first: $count) }
            fragment Inner on Dog @argumentDefinitions(first: {type: "Int"}) { tags(first: $first, filter: {limit: $limit}) }
            """#
        let planned = try plan(text)
        let operation = try #require(planned.operations.first)
        #expect(operation.document.contains("tags(first: 5, filter: { limit: $limit })"))
        let outer = try #require(spreads(operation.plan.selections).first)
        let inner = try #require(spreads(outer.fragment.selections).first)
        #expect(inner.arguments == [PlanArgument(name: "first", value: .literal(5))])
        #expect(storageKeys(inner, variables: ["limit": 4]) == [#"tags(filter:{"limit":4},first:5)"#])
        // In Outer's own plan, Inner's value is Outer's variable, as Outer's view reads it.
        let outerPlan = try #require(planned.fragments.first { $0.plan.name == "Outer" })
        let ownInner = try #require(spreads(outerPlan.plan.selections).first)
        #expect(ownInner.arguments == [PlanArgument(name: "first", value: .variable("count"))])
    }

    @Test func aFragmentSpreadTwiceUnderOneParentWithOtherValuesIsRefused() throws {
        let text = "query Q { dog { ...DogTags ...DogTags @arguments(count: 3) } }\n" + Self.dogTags
        #expect {
            try plan(text)
        } throws: { error in
            (error as? Diagnostic)?.message
                == #"Fragment "DogTags" is spread more than once here with different arguments; a parent reads one view of it, so give the spreads the same arguments, or spread one under an aliased field."#
        }
    }

    @Test func valuesThatMakeFieldsConflictAreRefused() throws {
        let text = "query Q { dog { tags(first: 2) ...DogTags @arguments(count: 3) } }\n" + Self.dogTags
        #expect {
            try plan(text)
        } throws: { error in
            (error as? Diagnostic)?.message
                == #"Fragment arguments make fields conflict: Fields "tags" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."#
        }
    }
}
