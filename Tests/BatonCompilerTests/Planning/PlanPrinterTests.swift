@testable import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

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
            printer.print(plan, indent: "") == #"""
                OperationPlan(
                    name: "Q",
                    operationType: .query,
                    rootTypename: "Query",
                    selections: [
                        .field(PlanField(name: "pet", alias: "p", arguments: [PlanArgument(name: "id", value: .variable("id"))], type: .named("Pet"), selections: [
                            .inlineFragment(InlineFragment(typeCondition: "Dog", possibleTypes: ["Dog"], selections: [])),
                            .fragmentSpread(FragmentSpread(fragment: AFragment.plan)),
                            .condition(Condition(variable: "v", passingValue: false, selections: [])),
                            .deferred(Deferred(label: "l", ifVariable: "d", selections: [])),
                        ], required: RequiredAction.none, catchTo: .result, semanticNonNullLevels: [0, 1])),
                        .field(PlanField(name: "list", arguments: [PlanArgument(name: "a", value: .list([.literal(.int(1)), .variable("x")])), PlanArgument(name: "b", value: .literal(.object(["k": .string("v\"q"), "n": .null, "d": .double(1.5), "t": .bool(true)])))], type: .nonNull(.list(.nonNull(.named("Int")))))),
                    ],
                    throwsOnFieldError: true
                )
                """#)
    }

    @Test func printsFragmentPlansWithSortedPossibleTypes() {
        let plan = FragmentPlan(name: "A", typeCondition: "Pet", possibleTypes: ["Dog", "Cat"], selections: [])
        #expect(
            printer.print(plan, indent: "    ") == """
                FragmentPlan(
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
