import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

@Suite("Planner")
struct PlannerTests {
    @Test func typenameIsAddedOnAbstractTypesOnly() throws {
        let planned = try plan("query Q { pet(id: 1) { name owner { name } } dog { name } }")
        let operation = try #require(planned.operations.first)
        guard case .field(let pet) = operation.plan.selections[0], case .field(let dog) = operation.plan.selections[1] else {
            Issue.record("expected fields")
            return
        }
        #expect(fieldNames(pet.selections) == ["__typename", "name", "owner"])
        #expect(fieldNames(dog.selections) == ["name"])
        #expect(
            operation.document
                == "query Q {\n  pet(id: 1) {\n    __typename\n    name\n    owner {\n      name\n    }\n  }\n  dog {\n    name\n  }\n}")
    }

    @Test func typenameIsNotAddedTwice() throws {
        let operation = try #require(try plan("query Q { animals { __typename ... on Dog { barks } } }").operations.first)
        guard case .field(let animals) = operation.plan.selections[0] else { return }
        #expect(fieldNames(animals.selections) == ["__typename"])
    }

    @Test func integerLiteralsTooLargeFor64BitsKeepTheirText() throws {
        // The nearest doubles of both are 9223372036854775808.0: as doubles they shared a key.
        let text = """
            query Q {
              a: pet(id: 9223372036854775808) { name }
              b: pet(id: 9223372036854775809) { name }
              c: pet(id: 9223372036854775807) { name }
            }
            """
        let operation = try #require(try plan(text).operations.first)
        let keys = operation.plan.selections.compactMap { selection -> String? in
            guard case .field(let field) = selection else { return nil }
            return field.storageKey(variables: [:]).rawValue
        }
        #expect(keys == [#"pet(id:"9223372036854775808")"#, #"pet(id:"9223372036854775809")"#, "pet(id:9223372036854775807)"])
    }

    @Test func fieldsCarryTheirSchemaTypeArgumentsAndDirectives() throws {
        let text = """
            query Q($first: Int, $prefix: String) {
              dog { tags(first: $first, filter: {prefix: $prefix, limit: 3}) @catch(to: NULL) name @required(action: LOG) }
              pet(id: "1") { ... on Cat { lives } }
            }
            """
        let operation = try #require(try plan(text).operations.first)
        guard case .field(let dog) = operation.plan.selections[0], case .field(let tags) = dog.selections[0],
            case .field(let name) = dog.selections[1]
        else {
            Issue.record("unexpected plan \(operation.plan)")
            return
        }
        #expect(tags.type == .list(.nonNull(.named("String"))))
        #expect(tags.catchTo == .null)
        #expect(
            tags.arguments == [
                PlanArgument(name: "first", value: .variable("first")),
                PlanArgument(
                    name: "filter",
                    value: .object([
                        PlanArgument(name: "prefix", value: .variable("prefix")),
                        PlanArgument(name: "limit", value: .literal(3)),
                    ])),
            ])
        #expect(name.required == .log)
        #expect(name.type == .nonNull(.named("String")))
        guard case .field(let pet) = operation.plan.selections[1], case .inlineFragment(let cat) = pet.selections[1],
            case .field(let lives) = cat.selections[0]
        else {
            Issue.record("unexpected plan \(operation.plan)")
            return
        }
        #expect(pet.arguments == [PlanArgument(name: "id", value: .literal("1"))])
        #expect(cat.typeCondition == "Cat")
        #expect(cat.possibleTypes == ["Cat"])
        #expect(lives.semanticNonNullLevels == [0])
    }

    @Test func literalConditionsAreResolvedAndVariableOnesWrap() throws {
        let text = """
            query Q($a: Boolean!, $b: Boolean!) {
              dog { name @include(if: true) barks @skip(if: true) tags @include(if: $a) @skip(if: $b) }
            }
            """
        let operation = try #require(try plan(text).operations.first)
        guard case .field(let dog) = operation.plan.selections[0] else { return }
        #expect(dog.selections.count == 2)
        #expect(fieldNames(dog.selections) == ["name"])
        guard case .condition(let outer) = dog.selections[1], case .condition(let inner) = outer.selections[0] else {
            Issue.record("expected nested conditions, got \(dog.selections[1])")
            return
        }
        #expect(outer.variable == "a" && outer.passingValue)
        #expect(inner.variable == "b" && !inner.passingValue)
        #expect(fieldNames(inner.selections) == ["tags"])
    }

    @Test func deferKeepsItsLabelAndVariable() throws {
        let text = """
            query Q($d: Boolean!) {
              pet(id: 1) {
                ... on Dog @defer(label: "dog", if: $d) { barks }
                ...Names @defer
                ... @defer(if: false) { name }
              }
            }
            fragment Names on Pet { name }
            """
        let operation = try #require(try plan(text).operations.first)
        guard case .field(let pet) = operation.plan.selections[0] else { return }
        guard case .deferred(let dog) = pet.selections[1], case .deferred(let names) = pet.selections[2],
            case .inlineFragment(let plain) = pet.selections[3]
        else {
            Issue.record("unexpected plan \(pet.selections)")
            return
        }
        #expect(dog.label == "dog" && dog.ifVariable == "d")
        #expect(names.label == nil && names.ifVariable == nil)
        guard case .fragmentSpread(let spread) = names.selections[0] else { return }
        #expect(spread.fragment.name == "Names")
        #expect(spread.fragment.possibleTypes == ["Cat", "Dog"])
        #expect(plain.typeCondition == nil)
    }

    @Test func theDocumentCarriesUsedFragmentsWithoutClientDirectives() throws {
        let text = """
            "Described."
            query Q @throwOnFieldError { pet(id: 1) { ...A } }
            fragment A on Pet @catch { name @required owner { ...B } }
            fragment B on Person { name }
            fragment Unused on Person { name }
            """
        let planned = try plan(text)
        let operation = try #require(planned.operations.first)
        #expect(operation.fragmentNames == ["A", "B"])
        #expect(
            operation.document == """
                query Q {
                  pet(id: 1) {
                    __typename
                    ...A
                  }
                }

                fragment A on Pet {
                  __typename
                  name
                  owner {
                    ...B
                  }
                }

                fragment B on Person {
                  name
                }
                """)
        #expect(operation.plan.throwsOnFieldError)
        #expect(planned.fragments.map(\.plan.name) == ["A", "B", "Unused"])
    }

    @Test func connectionMarksItsFieldWithItsFiltersAndIsNotSent() throws {
        let text = """
            query Q($first: Int, $after: String) {
              dog {
                byDefault: tags(first: $first, filter: {prefix: "a"}) @connection(key: "Dog_tags")
                none: tags(first: $first, after: $after, filter: {prefix: "b"}) @connection(key: "Dog_other", filters: [])
              }
            }
            """
        let operation = try #require(try plan(text).operations.first)
        guard case .field(let dog) = operation.plan.selections[0], case .field(let byDefault) = dog.selections[0],
            case .field(let none) = dog.selections[1]
        else {
            Issue.record("unexpected plan \(operation.plan)")
            return
        }
        #expect(byDefault.connection == PlanConnection(key: "Dog_tags", filters: ["filter"]))
        #expect(none.connection == PlanConnection(key: "Dog_other", filters: []))
        #expect(byDefault.storageKey(variables: ["first": 3]) == FieldKey(#"__Dog_tags_connection(filter:{"prefix":"a"})"#))
        #expect(none.storageKey(variables: ["first": 3, "after": "c"]) == FieldKey("__Dog_other_connection"))
        #expect(operation.plan.connectionFields == [byDefault, none])
        #expect(!operation.document.contains("@connection"))
    }

    @Test func theClientsRecordIDIsPlannedAndNotSent() throws {
        let schema = try Schema(
            sdl: """
                type Query { feed: Feed }
                type Feed { posts(first: Int): Posts }
                type Posts { edges: [Edge] pageInfo: Info }
                type Edge { cursor: String node: Feed }
                type Info { endCursor: String }
                """)
        let planned = try Planner.plan(
            [Parser.parse(#"query Q { feed { posts(first: 2) @connection(key: "F_posts") { __id pageInfo { endCursor } } } }"#)],
            schema: schema)
        let operation = try #require(planned.operations.first)
        guard case .field(let feed) = operation.plan.selections[0], case .field(let posts) = feed.selections[0],
            case .field(let recordID) = posts.selections[0]
        else {
            Issue.record("unexpected plan \(operation.plan)")
            return
        }
        #expect(recordID.name == "__id")
        #expect(recordID.type == .nonNull(.named("ID")))
        #expect(!operation.document.contains("__id"))
    }

    @Test func mutationsPlanOnTheirRoot() throws {
        let operation = try #require(try plan("mutation M { adopt(name: \"Rex\") { name } }").operations.first)
        #expect(operation.plan.operationType == .mutation)
        #expect(operation.plan.rootTypename == "Mutation")
    }

    @Test func planningRefusesWhatItCannotPlan() throws {
        #expect(throws: Diagnostic.self) { try plan("{ dog { name } }") }
        #expect(throws: Diagnostic.self) { try plan("query Q { dog { nope } }") }
        #expect(throws: Diagnostic.self) { try plan("query Q { dog { ...A } } fragment A on Dog { ...A }") }
        #expect(throws: Diagnostic.self) { try plan("query Q { dog { ...Missing } }") }
        #expect(throws: Diagnostic.self) { try plan("subscription S { dog { name } }") }
        #expect(throws: Diagnostic.self) { try plan("fragment A on Dog { name } fragment A on Dog { barks }") }
        let error = try #require(throws: Diagnostic.self) { try plan("query Q {\n  dog { nope } }") }
        #expect(error.rendered() == "GraphQL request:2:9: error: Cannot query field \"nope\" on type \"Dog\".")
    }
}
