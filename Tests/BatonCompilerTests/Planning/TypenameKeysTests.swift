import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

/// The key of the `__typename` Baton adds: `__typename` when free, else one no field of the
/// document uses, shared by the definitions that share fragments. Every planned document must
/// pass validation, field merging included (which agrees with graphql-core's).
@Suite("Planner: the typename key")
struct TypenameKeysTests {
    /// The planned documents of `text`, each checked to be valid as sent.
    static func planned(_ text: String) throws -> PlannedDocuments {
        let planned = try plan(text)
        let schema = try planningSchema()
        for operation in planned.operations {
            let problems = validate(document: try Parser.parse(operation.document), schema: schema)
            #expect(problems.isEmpty, "\(operation.document)\n\(problems.map(\.message))")
        }
        return planned
    }

    @Test func aFreeKeyIsTheMetaFieldsOwnName() throws {
        let operation = try #require(try Self.planned("query Q { pet(id: 1) { name } }").operations.first)
        #expect(operation.plan.typenameKey == "__typename")
        #expect(operation.document.contains("pet(id: 1) {\n    __typename\n"))
    }

    @Test func anotherFieldAnsweredAsTypenameMovesBatonsToAKeyOfItsOwn() throws {
        let operation = try #require(try Self.planned("query Q { pet(id: 1) { __typename: name } }").operations.first)
        #expect(operation.plan.typenameKey == "__baton_typename")
        #expect(operation.document.contains("    __baton_typename: __typename\n    __typename: name\n"))
        guard case .field(let pet) = operation.plan.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(fieldNames(pet.selections) == ["__baton_typename", "__typename"])
    }

    @Test func theClaimMayHideInATypeConditionOrAFragment() throws {
        let planned = try Self.planned(
            """
            query Q { animals { ... on Dog { __typename: name } } }
            query R { pet(id: 1) { ...Bits } }
            query S { person { best { name } } }
            fragment Bits on Pet { owner { __typename: name } }
            """)
        #expect(planned.operations.map(\.plan.typenameKey) == ["__baton_typename", "__baton_typename", "__typename"])
        #expect(planned.fragments.map(\.plan.typenameKey) == ["__baton_typename"])
    }

    @Test func keysTheDocumentUsesAreSkipped() throws {
        let operation = try #require(
            try Self.planned(
                "query Q { pet(id: 1) { __typename: name __baton_typename: name __baton_typename2: __typename } }"
            ).operations.first)
        #expect(operation.plan.typenameKey == "__baton_typename3")
        #expect(operation.document.contains("__baton_typename3: __typename"))
    }

    @Test func definitionsSharingAFragmentShareItsKey() throws {
        let planned = try Self.planned(
            """
            query Q { pet(id: 1) { ...Named } }
            query R { person { pets { ...Owned } } }
            fragment Named on Pet { ...Owned }
            fragment Owned on Pet { owner { best { __typename: name } } }
            fragment Alone on Pet { name }
            """)
        #expect(planned.operations.map(\.plan.typenameKey) == ["__baton_typename", "__baton_typename"])
        #expect(planned.fragments.map(\.plan.typenameKey) == ["__baton_typename", "__baton_typename", "__typename"])
        let named = try #require(planned.fragments.first)
        #expect(Printer.print(.fragment(named.definition)).contains("__baton_typename: __typename"))
    }
}
