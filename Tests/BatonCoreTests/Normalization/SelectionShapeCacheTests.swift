import CoreTestSupport
import Foundation
import Testing

@_spi(Generated) @testable import BatonCore

/// The shapes a byte normalization compiles are lent again for the same plan under variables
/// that shape it alike (a connection's next page), never under others, and never to two walks at once.
@Suite("Normalizer: selection shapes kept")
struct SelectionShapeCacheTests {
    /// `posts(first:, after:, tag:)` as a connection filtered by `tag`, with a field under
    /// `@include(if: $withTitle)` and a fragment under `@defer(if: $later)`.
    static let plan = OperationPlan(
        name: "Shaped", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "posts",
                    arguments: [
                        PlanArgument(name: "first", value: .variable("first")), PlanArgument(name: "after", value: .variable("after")),
                        PlanArgument(name: "tag", value: .object([PlanArgument(name: "name", value: .variable("tag"))])),
                    ], type: .named("PostConnection"),
                    selections: [
                        .field(
                            PlanField(
                                name: "edges", type: .list(.named("PostEdge")),
                                selections: [
                                    .field(PlanField(name: "cursor", type: .named("String"))),
                                    .field(
                                        PlanField(
                                            name: "node", type: .named("Post"),
                                            selections: [
                                                .field(PlanField(name: "id", type: .named("ID"))),
                                                .condition(
                                                    Condition(
                                                        variable: "withTitle", passingValue: true,
                                                        selections: [.field(PlanField(name: "title", type: .named("String")))])),
                                                .deferred(
                                                    Deferred(
                                                        label: "more", ifVariable: "later",
                                                        selections: [.field(PlanField(name: "body", type: .named("String")))])),
                                            ])),
                                ]))
                    ], connection: PlanConnection(key: "Shaped_posts", filters: ["tag"]))),
            .field(PlanField(name: "feed", arguments: [PlanArgument(name: "id", value: .variable("feed"))], type: .named("Feed"))),
        ])

    @Test func theVariablesThatShapeAPlanAreItsArgumentsButAConnectionsPagingOnesAndItsConditions() {
        #expect(SelectionShapeCache.shapingVariables(of: Self.plan.selections) == ["feed", "later", "tag", "withTitle"])
    }

    @Test func aShapeGivenBackIsLentAgainForAnotherPageAndNotForOtherValuesOrWhileLent() {
        let cache = SelectionShapeCache()
        let page: JSONObject = ["first": 2, "after": "c1", "tag": "odd", "withTitle": true, "feed": "f"]
        let first = cache.shape(of: Self.plan, variables: page)
        var other = page
        other["after"] = "c3"
        other["first"] = 5
        // Lent to one walk at a time: a second walk of the same values gets one of its own.
        let meanwhile = cache.shape(of: Self.plan, variables: other)
        #expect(meanwhile.shape !== first.shape)
        cache.giveBack(first)
        cache.giveBack(meanwhile)
        let next = cache.shape(of: Self.plan, variables: other)
        #expect(next.shape === first.shape || next.shape === meanwhile.shape)
        cache.giveBack(next)
        for (name, value) in [("tag", JSONValue.string("even")), ("withTitle", .bool(false)), ("later", .bool(true)), ("feed", .string("g"))] {
            var changed = page
            changed[name] = value
            let shaped = cache.shape(of: Self.plan, variables: changed)
            #expect(shaped.shape !== first.shape && shaped.shape !== meanwhile.shape, "\(name) shapes the plan")
        }
    }

    @Test func aPlanFetchedUnderManyValuesKeepsTheShapesOfAFewAndStillLendsTheLatest() {
        let cache = SelectionShapeCache()
        var lent: [SelectionShapeCache.Lent] = []
        for feed in 0..<40 {
            let shape = cache.shape(of: Self.plan, variables: ["feed": .string("f\(feed)")])
            cache.giveBack(shape)
            lent.append(shape)
        }
        // The latest values' shape is lent again; the first values' went when the plan's shapes started again.
        #expect(cache.shape(of: Self.plan, variables: ["feed": "f39"]).shape === lent[39].shape)
        #expect(cache.shape(of: Self.plan, variables: ["feed": "f0"]).shape !== lent[0].shape)
    }

    @Test func pagesNormalizedWithAKeptShapeWriteWhatTheTreeWrites() throws {
        let cache = SelectionShapeCache.shared
        for (after, ids) in [("c0", ["1", "2"]), ("c2", ["3", "4"]), ("c4", ["5"])] {
            let edges = ids.map { #"{"cursor":"c\#($0)","node":{"id":"\#($0)","title":"T\#($0)","body":"B"}}"# }.joined(separator: ",")
            let text = #"{"data":{"posts":{"edges":[\#(edges)]},"feed":null}}"#
            let variables: JSONObject = ["first": 2, "after": .string(after), "tag": "odd", "withTitle": true, "later": false, "feed": "f"]
            #expect(BytesDifferential.expectAlike(Array(text.utf8), plan: Self.plan, variables: variables))
            // What the next page's normalization is lent: a shape of this plan's, built once.
            cache.giveBack(cache.shape(of: Self.plan, variables: variables))
        }
    }
}
