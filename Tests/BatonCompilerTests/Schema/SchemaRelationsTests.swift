import Testing

@testable import BatonCompiler

@Suite struct SchemaRelationsTests {
    let schema: Schema

    init() throws {
        schema = try Schema(sdl: try fixture("test-schema.graphql"))
    }

    @Test func findsPossibleTypes() {
        #expect(schema.possibleTypes(of: "Pet").map(\.name) == ["Dog", "Cat", "Hamster"])
        #expect(schema.possibleTypes(of: "Node").map(\.name) == ["User", "Dog", "Cat", "Hamster"])
        #expect(schema.possibleTypes(of: "Entity").map(\.name) == ["User"])
        #expect(schema.possibleTypes(of: "User").map(\.name) == ["User"])
        #expect(schema.possibleTypes(of: "Role").isEmpty)
        #expect(schema.possibleTypes(of: "Missing").isEmpty)
    }

    @Test func findsImplementations() {
        let node = schema.implementations(of: "Node")
        #expect(node.objects.map(\.name) == ["User", "Dog", "Cat", "Hamster"])
        #expect(node.interfaces.map(\.name) == ["Entity"])
        #expect(schema.implementations(of: "Named").interfaces.map(\.name) == ["Entity"])
    }

    @Test func answersSubTypes() {
        #expect(schema.isSubType("Dog", of: "Pet"))
        #expect(!schema.isSubType("User", of: "Pet"))
        #expect(schema.isSubType("Entity", of: "Node"))
        #expect(schema.isSubType("User", of: "Entity"))
        #expect(!schema.isSubType("Node", of: "Entity"))
    }

    @Test func comparesTypeReferences() {
        let user = TypeReference.named("User")
        let node = TypeReference.named("Node")
        #expect(schema.isTypeSubType(user, of: user))
        #expect(schema.isTypeSubType(.nonNull(user), of: user))
        #expect(!schema.isTypeSubType(user, of: .nonNull(user)))
        #expect(schema.isTypeSubType(user, of: node))
        #expect(schema.isTypeSubType(.nonNull(.list(.nonNull(user))), of: .list(node)))
        #expect(!schema.isTypeSubType(.list(user), of: user))
        #expect(!schema.isTypeSubType(user, of: .list(user)))
        #expect(!schema.isTypeSubType(node, of: user))
        #expect(!schema.isTypeSubType(.named("Int"), of: .named("Float")))
    }

    @Test func findsOverlappingTypes() {
        #expect(schema.doTypesOverlap("User", "User"))
        #expect(schema.doTypesOverlap("Pet", "Dog"))
        #expect(schema.doTypesOverlap("Dog", "Pet"))
        #expect(schema.doTypesOverlap("Pet", "Node"))
        #expect(schema.doTypesOverlap("Entity", "Named"))
        #expect(!schema.doTypesOverlap("Pet", "Entity"))
        #expect(!schema.doTypesOverlap("User", "Dog"))
        #expect(!schema.doTypesOverlap("User", "Pet"))
    }

    @Test func classifiesTypes() throws {
        let pet = try #require(schema.type(named: "Pet"))
        #expect(pet.isAbstractType && pet.isCompositeType && pet.isOutputType && !pet.isInputType && !pet.isLeafType)
        let role = try #require(schema.type(named: "Role"))
        #expect(role.isLeafType && role.isInputType && role.isOutputType && !role.isCompositeType)
        let input = try #require(schema.type(named: "NewUser"))
        #expect(input.isInputType && !input.isOutputType && input.kind == .inputObject)
        #expect(schema.isInputType(.nonNull(.list(.named("Role")))))
        #expect(!schema.isInputType(.named("User")))
        #expect(schema.isOutputType(.list(.named("User"))))
        #expect(TypeReference.nonNull(.list(.named("A"))).isList)
        #expect(TypeReference.nonNull(.list(.named("A"))).listElement == .named("A"))
        #expect(TypeReference(try Parser.parseType("[[A!]]!")) == .nonNull(.list(.list(.nonNull(.named("A"))))))
    }
}
