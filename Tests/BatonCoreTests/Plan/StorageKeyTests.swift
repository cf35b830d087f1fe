@_spi(Generated) import BatonCore
import Testing

@Suite struct StorageKeyTests {
    @Test func aFieldWithoutArgumentsIsKeyedByName() {
        let field = PlanField(name: "name", alias: "title", type: .named("String"))
        #expect(field.storageKey(variables: [:]) == FieldKey("name"))
        #expect(field.responseKey == "title")
    }

    @Test func argumentsAreSortedResolvedAndPrintedWithSortedKeys() {
        let field = PlanField(
            name: "friends",
            arguments: [
                PlanArgument(
                    name: "orderBy",
                    value: .object([
                        PlanArgument(name: "field", value: .literal("NAME")),
                        PlanArgument(name: "direction", value: .variable("dir")),
                    ])),
                PlanArgument(name: "first", value: .variable("count")),
            ],
            type: .list(.named("User"))
        )
        let key = field.storageKey(variables: ["count": 10, "dir": "ASC"])
        #expect(key == FieldKey(#"friends(first:10,orderBy:{"direction":"ASC","field":"NAME"})"#))
    }

    @Test func anArgumentWhoseVariableIsAbsentIsLeftOut() {
        let field = PlanField(
            name: "items",
            arguments: [PlanArgument(name: "after", value: .variable("cursor"))],
            type: .named("Connection")
        )
        #expect(field.storageKey(variables: [:]) == FieldKey("items"))
        #expect(field.storageKey(variables: ["cursor": nil]) == FieldKey("items(after:null)"))
    }

    @Test func conditionsFollowTheirVariable() {
        let include = Condition(variable: "withName", passingValue: true, selections: [])
        #expect(include.applies(variables: ["withName": true]))
        #expect(!include.applies(variables: ["withName": false]))
        #expect(!include.applies(variables: [:]))
        let skip = Condition(variable: "withName", passingValue: false, selections: [])
        #expect(skip.applies(variables: ["withName": false]))
    }

    @Test func typesKnowTheirWrappers() {
        let type = PlanType.nonNull(.list(.nonNull(.named("Item"))))
        #expect(type.namedType == "Item")
        #expect(type.isNonNull)
        #expect(type.nullable == .list(.nonNull(.named("Item"))))
        #expect(type.description == "[Item!]!")
    }
}
