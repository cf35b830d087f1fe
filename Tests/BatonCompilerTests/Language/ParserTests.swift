import Testing

@testable import BatonCompiler

@Suite struct ParserTests {
    @Test func parsesTheExecutableKitchenSink() throws {
        let document = try Parser.parse(try fixture("kitchen-sink.graphql"), name: "kitchen-sink.graphql")
        #expect(document.operations.count == 6)
        #expect(document.fragments.map(\.name.value) == ["frag", "described"])
        #expect(document.operations.map(\.name?.value) == ["queryName", "likeStory", "StoryLikeSubscription", nil, nil, "described"])
        #expect(document.operations.map(\.operation) == [.query, .mutation, .subscription, .query, .query, .query])
    }

    @Test func parsesTheSchemaKitchenSink() throws {
        let document = try Parser.parse(try fixture("schema-kitchen-sink.graphql"))
        #expect(document.definitions.count == 37)
        #expect(document.definitions.allSatisfy { !$0.isExecutable })
    }

    @Test func buildsTheTreeOfASimpleQuery() throws {
        let document = try Parser.parse("{ node(id: 4) { id, name } }")
        let expected = DocumentNode(definitions: [
            .operation(
                OperationDefinitionNode(
                    operation: .query,
                    selectionSet: SelectionSetNode(selections: [
                        .field(
                            FieldNode(
                                name: NameNode("node"),
                                arguments: [ArgumentNode(name: NameNode("id"), value: .int(IntValueNode("4")))],
                                selectionSet: SelectionSetNode(selections: [
                                    .field(FieldNode(name: NameNode("id"))),
                                    .field(FieldNode(name: NameNode("name"))),
                                ])
                            ))
                    ])
                ))
        ])
        #expect(structure(document) == structure(expected))
    }

    @Test func recordsLocationsOfNodes() throws {
        let source = Source("query Q($v: Int = 1) {\n  alias: field(arg: $v) @skip(if: true) {\n    ...F\n  }\n}", name: "q.graphql")
        let document = try Parser.parse(source)
        let operation = try #require(document.operations.first)
        #expect(operation.location.offset == 0)
        #expect(operation.variableDefinitions[0].location.column == 9)
        #expect(operation.variableDefinitions[0].type.location.column == 13)
        #expect(operation.variableDefinitions[0].defaultValue?.location.column == 19)
        #expect(operation.selectionSet.location.column == 22)
        guard case .field(let field) = operation.selectionSet.selections[0] else {
            Issue.record("expected a field")
            return
        }
        #expect((field.location.line, field.location.column) == (2, 3))
        #expect(field.alias?.location.column == 3)
        #expect(field.name.location.column == 10)
        #expect(field.arguments[0].location.column == 16)
        #expect(field.arguments[0].value.location.column == 21)
        #expect(field.directives[0].location.column == 25)
        #expect(field.selectionSet?.selections[0].location.line == 3)
        #expect(field.selectionSet?.selections[0].location.column == 5)
        #expect(field.location.description == "q.graphql:2:3")
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try Parser.parseValue(#"[123, 1.5e3, "s", """block""", true, false, null, ENUM, $var, {a: [1], b: {}}]"#)
        guard case .list(let list) = value else {
            Issue.record("expected a list")
            return
        }
        let kinds = list.values.map { value -> String in
            switch value {
            case .int(let node): "int \(node.value)"
            case .float(let node): "float \(node.value)"
            case .string(let node): "string \(node.value) \(node.isBlock)"
            case .boolean(let node): "boolean \(node.value)"
            case .null: "null"
            case .enum(let node): "enum \(node.value)"
            case .variable(let node): "variable \(node.name.value)"
            case .list(let node): "list \(node.values.count)"
            case .object(let node): "object \(node.fields.map(\.name.value))"
            }
        }
        #expect(
            kinds == [
                "int 123", "float 1.5e3", "string s false", "string block true", "boolean true", "boolean false",
                "null", "enum ENUM", "variable var", #"object ["a", "b"]"#,
            ])
        #expect(!value.isConstant)
        #expect(try Parser.parseValue("[1, {a: B}]", isConstant: true).isConstant)
        #expect(throws: Diagnostic.self) { try Parser.parseValue("$v", isConstant: true) }
    }

    @Test func parsesTypeReferences() throws {
        let type = try Parser.parseType("[[Int!]]!")
        #expect(Printer.print(type) == "[[Int!]]!")
        #expect(type.namedType.name.value == "Int")
        guard case .nonNull(let outer) = type, case .list(let list) = outer.type, case .list(let inner) = list.type,
            case .nonNull(let element) = inner.type, case .named(let named) = element.type
        else {
            Issue.record("unexpected shape \(type)")
            return
        }
        #expect(named.name.value == "Int")
        #expect(throws: Diagnostic.self) { try Parser.parseType("Int!!") }
    }

    @Test func parsesDescriptionsOnExecutableDefinitions() throws {
        let document = try Parser.parse(
            #"""
            "Query description"
            query Q("variable" $v: Int) { f }
            """Fragment description"""
            fragment F on T { f }
            """#)
        #expect(document.operations[0].description?.value == "Query description")
        #expect(document.operations[0].variableDefinitions[0].description?.value == "variable")
        #expect(document.fragments[0].description?.value == "Fragment description")
        #expect(document.fragments[0].description?.isBlock == true)
    }

    @Test func parsesTheShorthandQuery() throws {
        let operation = try #require(try Parser.parse("{ a }").operations.first)
        #expect(operation.operation == .query)
        #expect(operation.name == nil)
        #expect(operation.variableDefinitions.isEmpty && operation.directives.isEmpty)
    }

    @Test func acceptsKeywordsAsNames() throws {
        let document = try Parser.parse(
            "query query($query: query) { query: subscription(on: on, fragment: null) ... on on { mutation } }")
        guard case .field(let field) = document.operations[0].selectionSet.selections[0] else {
            Issue.record("expected a field")
            return
        }
        #expect(field.alias?.value == "query")
        #expect(field.name.value == "subscription")
        #expect(Printer.print(document).contains("... on on {"))
    }

    @Test func parsesInterfacesImplementingInterfaces() throws {
        let document = try Parser.parse("interface A implements B & C { f: Int } extend interface D implements E")
        guard case .type(.interface(let interface)) = document.definitions[0],
            case .typeExtension(.interface(let extensionNode)) = document.definitions[1]
        else {
            Issue.record("expected an interface and its extension")
            return
        }
        #expect(interface.interfaces.map(\.name.value) == ["B", "C"])
        #expect(extensionNode.interfaces.map(\.name.value) == ["E"])
    }

    @Test func parsesDirectiveDefinitions() throws {
        let document = try Parser.parse(
            "directive @d(a: Int = 1 @deprecated) repeatable on | FIELD | QUERY\ndirective @e on SCHEMA")
        guard case .directive(let first) = document.definitions[0], case .directive(let second) = document.definitions[1]
        else {
            Issue.record("expected directive definitions")
            return
        }
        #expect(first.isRepeatable && !second.isRepeatable)
        #expect(first.locations.map(\.value) == ["FIELD", "QUERY"])
        #expect(first.arguments[0].directives[0].name.value == "deprecated")
    }
}
