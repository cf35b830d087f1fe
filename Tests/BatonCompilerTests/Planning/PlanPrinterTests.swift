@_spi(Generated) import BatonCore
import Testing

@testable import BatonCompiler

@Suite("Plan printer")
struct PlanPrinterTests {
    let printer = PlanPrinter { "\($0)Fragment" }

    @Test func printsEveryKindOfSelection() {
        let plan = OperationPlan(
            name: "Q", operationType: .query, rootTypename: "Query",
            selections: [
                .field(
                    PlanField(
                        name: "pet", alias: "p", arguments: [PlanArgument(name: "id", value: .variable("id"))],
                        type: .named("Pet"),
                        selections: [
                            .inlineFragment(InlineFragment(typeCondition: "Dog", possibleTypes: ["Dog"], selections: [])),
                            .fragmentSpread(
                                FragmentSpread(fragment: FragmentPlan(name: "A", typeCondition: "Pet", possibleTypes: [], selections: []))),
                            .condition(Condition(variable: "v", passingValue: false, selections: [])),
                            .deferred(Deferred(label: "l", ifVariable: "d", selections: [])),
                        ], required: RequiredAction.none, catchTo: .result, semanticNonNullLevels: [0, 1])),
                .field(
                    PlanField(
                        name: "list",
                        arguments: [
                            PlanArgument(name: "a", value: .list([.literal(1), .variable("x")])),
                            PlanArgument(name: "b", value: .literal(["k": "v\"q", "n": nil, "d": 1.5, "t": true])),
                        ], type: .nonNull(.list(.nonNull(.named("Int")))))),
            ],
            throwsOnFieldError: true)
        #expect(
            printer.declarations(plan, access: "public ", indent: "") == #"""
                public static let plan: OperationPlan = OperationPlan(
                    name: "Q",
                    operationType: .query,
                    rootTypename: "Query",
                    selections: __selections_0,
                    throwsOnFieldError: true
                )
                private static let __selections_0: [Selection] = [
                    Selection.field(PlanField(name: "pet", alias: "p", arguments: [PlanArgument(name: "id", value: .variable("id"))], type: .named("Pet"), selections: __selections_1, required: RequiredAction.none, catchTo: .result, semanticNonNullLevels: [0, 1])),
                    Selection.field(PlanField(name: "list", arguments: [PlanArgument(name: "a", value: .list([.literal(.int(1)), .variable("x")])), PlanArgument(name: "b", value: .literal(.object(["k": .string("v\"q"), "n": .null, "d": .double(1.5), "t": .bool(true)])))], type: .nonNull(.list(.nonNull(.named("Int")))))),
                ]
                private static let __selections_1: [Selection] = [
                    Selection.inlineFragment(InlineFragment(typeCondition: "Dog", possibleTypes: ["Dog"], selections: [])),
                    Selection.fragmentSpread(FragmentSpread(fragment: AFragment.plan)),
                    Selection.condition(Condition(variable: "v", passingValue: false, selections: [])),
                    Selection.deferred(Deferred(label: "l", ifVariable: "d", selections: [])),
                ]
                """#)
    }

    @Test func declaresEachDistinctSelectionSetOnce() {
        let leaves: [Selection] = [.field(PlanField(name: "id", type: .nonNull(.named("ID"))))]
        let cases: [Selection] = ["A", "B", "C"].map { name in
            .inlineFragment(InlineFragment(typeCondition: name, possibleTypes: [name], selections: leaves))
        }
        let plan = OperationPlan(
            name: "Q", operationType: .query, rootTypename: "Query",
            selections: [
                .field(PlanField(name: "first", type: .named("U"), selections: cases)),
                .field(PlanField(name: "second", type: .named("U"), selections: cases)),
            ])
        let text = printer.declarations(plan, access: "", indent: "    ")
        #expect(text.occurrences(of: ": [Selection] = [") == 3)
        #expect(text.occurrences(of: "selections: __selections_1") == 2)
        #expect(text.occurrences(of: "selections: __selections_2") == 3)
        #expect(text.hasPrefix("static let plan: OperationPlan = OperationPlan(\n        name: \"Q\","))
    }

    @Test func printsFragmentPlansWithSortedPossibleTypes() {
        let plan = FragmentPlan(name: "A", typeCondition: "Pet", possibleTypes: ["Dog", "Cat"], selections: [])
        #expect(
            printer.declarations(plan, access: "", indent: "    ") == """
                static let plan: FragmentPlan = FragmentPlan(
                        name: "A",
                        typeCondition: "Pet",
                        possibleTypes: ["Cat", "Dog"],
                        selections: []
                    )
                """)
    }

    @Test func swiftLiteralsEscapeWhatSwiftWouldRead() {
        #expect(SwiftLiteral.string("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u{1}""#)
        #expect(SwiftLiteral.json(.double(.infinity)) == ".double(.infinity)")
        #expect(SwiftLiteral.multilineRaw("a\n\nb", indent: "  ") == "#\"\"\"\n  a\n\n  b\n  \"\"\"#")
        let awkward = "x \\# \"\"\"#"
        #expect(SwiftLiteral.multilineRaw(awkward, indent: "").hasPrefix("##\"\"\""))
    }
}

extension String {
    /// How many times `part` occurs in the text, without overlaps.
    func occurrences(of part: String) -> Int {
        ranges(of: part).count
    }
}
