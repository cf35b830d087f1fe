import Testing

@testable import BatonCompiler

private func testSchema() throws -> Schema {
    try Schema(sdl: try fixture("test-schema.graphql"), name: "test-schema.graphql")
}

@Suite struct SchemaBuilderTests {
    @Test func buildsTypesInDefinitionOrder() throws {
        let schema = try testSchema()
        let defined = schema.types.prefix(20).map(\.name)
        #expect(
            defined == [
                "DateTime", "JSON", "Node", "Named", "Entity", "User", "Dog", "Cat", "Pet", "Role", "VolumeUnit",
                "FriendOrderField", "Direction", "FriendOrder", "UserBy", "NewUser", "Root", "Mutations", "CacheScope",
                "Hamster",
            ])
        #expect(schema.description?.hasPrefix("A schema that uses every part") == true)
    }

    @Test func picksRootTypes() throws {
        let schema = try testSchema()
        #expect(schema.rootTypeName(for: .query) == "Root")
        #expect(schema.mutationType?.name == "Mutations")
        #expect(schema.subscriptionType?.name == "Events")

        let defaults = try Schema(sdl: "type Query { a: Int } type Mutation { b: Int }")
        #expect(defaults.queryType?.name == "Query")
        #expect(defaults.mutationType?.name == "Mutation")
        #expect(defaults.subscriptionType == nil)
    }

    @Test func appliesExtensions() throws {
        let schema = try testSchema()
        #expect(schema.objectType(named: "Root")?.fields.map(\.name) == ["node", "user", "users", "pets", "now"])
        #expect(schema.objectType(named: "Root")?.field(named: "now")?.description == "Extensions add fields.")
        #expect(schema.unionType(named: "Pet")?.members == ["Dog", "Cat", "Hamster"])
        #expect(schema.enumType(named: "VolumeUnit")?.values.map(\.name) == ["DECIBEL", "PHON", "SONE"])
        #expect(schema.inputObjectType(named: "NewUser")?.fields.last?.name == "nickname")
        #expect(schema.interfaceType(named: "Named")?.directives.map(\.name.value) == ["cached"])
    }

    @Test func readsFieldsArgumentsAndDefaults() throws {
        let schema = try testSchema()
        let friends = try #require(schema.field(named: "friends", on: "User"))
        #expect(friends.type == .list(.nonNull(.named("User"))))
        #expect(friends.type.description == "[User!]")
        #expect(friends.description == "The user's friends, nearest first.")
        #expect(friends.arguments.map(\.name) == ["first", "after", "orderBy"])
        #expect(friends.argument(named: "first")?.defaultValue.map(Printer.print) == "10")
        #expect(friends.argument(named: "orderBy")?.defaultValue.map(Printer.print) == "{ field: NAME, direction: ASC }")
        #expect(friends.semanticNonNullLevels == [0, 1])
        #expect(schema.field(named: "name", on: "User")?.semanticNonNullLevels == [0])
        #expect(schema.field(named: "id", on: "User")?.semanticNonNullLevels == nil)
        // A definition starts at its description, as graphql-js locates it.
        #expect(friends.location?.line == 35)
    }

    @Test func readsDeprecationsSpecifiedByAndOneOf() throws {
        let schema = try testSchema()
        #expect(schema.field(named: "nickname", on: "User")?.deprecationReason == "Use `name`.")
        #expect(schema.field(named: "legacyId", on: "User")?.deprecationReason == "No longer supported")
        #expect(schema.field(named: "name", on: "User")?.isDeprecated == false)
        #expect(schema.enumType(named: "Role")?.value(named: "GUEST")?.deprecationReason == "Guests are members now.")
        #expect(schema.inputObjectType(named: "NewUser")?.field(named: "oldField")?.isDeprecated == true)
        #expect(schema.scalarType(named: "DateTime")?.specifiedByURL == "https://scalars.graphql.org/andimarek/date-time")
        #expect(schema.inputObjectType(named: "UserBy")?.isOneOf == true)
        #expect(schema.inputObjectType(named: "NewUser")?.isOneOf == false)
    }

    @Test func answersMetaFields() throws {
        let schema = try testSchema()
        #expect(schema.field(named: "__typename", on: "Pet")?.type == .nonNull(.named("String")))
        #expect(schema.field(named: "__typename", on: "User") == MetaFields.typeName)
        #expect(schema.field(named: "__schema", on: "Root") == MetaFields.schema)
        #expect(schema.field(named: "__type", on: "Root")?.argument(named: "name")?.type == .nonNull(.named("String")))
        #expect(schema.field(named: "__schema", on: "User") == nil)
        #expect(schema.field(named: "__typename", on: "Role") == nil)
        #expect(schema.field(named: "missing", on: "User") == nil)
        #expect(schema.field(named: "kind", on: "__Type")?.type == .nonNull(.named("__TypeKind")))
    }

    @Test func knowsTheBuiltIns() throws {
        let schema = try Schema(sdl: "type Query { a: Int }")
        for name in ["Int", "Float", "String", "Boolean", "ID"] {
            #expect(schema.scalarType(named: name)?.isBuiltIn == true)
        }
        for name in ["__Schema", "__Type", "__TypeKind", "__Field", "__InputValue", "__EnumValue", "__Directive", "__DirectiveLocation"] {
            #expect(schema.type(named: name) != nil, "\(name)")
        }
        #expect(schema.enumType(named: "__DirectiveLocation")?.values.count == DirectiveLocation.allCases.count)
        let expected: [String: String] = [
            "skip": "@skip(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT",
            "include": "@include(if: Boolean!) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT",
            "deprecated":
                #"@deprecated(reason: String! = "No longer supported") on FIELD_DEFINITION | ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION | ENUM_VALUE"#,
            "specifiedBy": "@specifiedBy(url: String!) on SCALAR",
            "oneOf": "@oneOf on INPUT_OBJECT",
            "defer": "@defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT",
            "stream": "@stream(if: Boolean! = true, label: String, initialCount: Int! = 0) on FIELD",
            "required": "@required(action: RequiredFieldAction! = NONE) on FIELD",
            "catch": "@catch(to: CatchFieldTo = RESULT) on FIELD | FRAGMENT_DEFINITION | INLINE_FRAGMENT | QUERY | MUTATION",
            "alias": "@alias(as: String!) on INLINE_FRAGMENT",
            "throwOnFieldError": "@throwOnFieldError on QUERY | MUTATION | SUBSCRIPTION | FRAGMENT_DEFINITION",
            "semanticNonNull": "@semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION",
        ]
        for (name, signature) in expected {
            let directive = try #require(schema.directive(named: name))
            #expect(signatureOf(directive) == signature)
        }
        #expect(schema.enumType(named: "RequiredFieldAction")?.values.map(\.name) == ["NONE", "LOG", "THROW"])
        #expect(schema.enumType(named: "CatchFieldTo")?.values.map(\.name) == ["RESULT", "NULL"])
        #expect(schema.isClientAddition("required") && schema.isClientAddition("CatchFieldTo"))
        #expect(!schema.isClientAddition("skip"))
    }

    @Test func letsTheSchemaRedefineABuiltInDirective() throws {
        let schema = try Schema(
            sdl: "type Query { a: Int @semanticNonNull(levels: [0]) }\ndirective @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION | OBJECT")
        #expect(schema.directive(named: "semanticNonNull")?.locations == [.fieldDefinition, .object])
        #expect(!schema.isClientAddition("semanticNonNull"))
        #expect(schema.directives.filter { $0.name == "semanticNonNull" }.count == 1)
    }

    @Test func buildsFromSeveralFiles() throws {
        let schema = try Schema(sources: [
            Source("type Query { a: A }", name: "a.graphql"),
            Source("type A { b: Int }\nextend type Query { c: Int }", name: "b.graphql"),
        ])
        #expect(schema.queryType?.fields.map(\.name) == ["a", "c"])
        #expect(schema.objectType(named: "A")?.location?.description == "b.graphql:1:1")
    }

    @Test func ignoresExecutableDefinitions() throws {
        let schema = try Schema(sdl: "type Query { a: Int } query Q { a } fragment F on Query { a }")
        #expect(schema.queryType?.fields.count == 1)
    }
}

/// `@name(arguments) repeatable? on LOCATIONS`, printed from the model.
private func signatureOf(_ directive: Directive) -> String {
    let arguments = directive.arguments.map { argument in
        "\(argument.name): \(argument.type)" + (argument.defaultValue.map { " = " + Printer.print($0) } ?? "")
    }
    return "@\(directive.name)" + (arguments.isEmpty ? "" : "(\(arguments.joined(separator: ", ")))")
        + (directive.isRepeatable ? " repeatable" : "") + " on "
        + directive.locations.map(\.rawValue).joined(separator: " | ")
}
