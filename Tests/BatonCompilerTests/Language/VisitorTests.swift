import Testing

@testable import BatonCompiler

/// Records `enter kind` and `leave kind` for each node, as graphql-js's visitor tests do.
private struct Recorder: ASTVisitor {
    var events: [String] = []
    var skip: String?
    var stopAt: String?

    mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
        let name = kind(node)
        events.append("enter \(name)")
        if name == stopAt { return .stop }
        return name == skip ? .skipChildren : .continue
    }

    mutating func leave(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
        events.append("leave \(kind(node))")
        return .continue
    }
}

/// The case name of a node, such as `field`.
private func kind(_ node: ASTNode) -> String {
    String(String(describing: node).prefix { $0 != "(" })
}

@Suite struct VisitorTests {
    @Test func visitsInSourceOrder() throws {
        var recorder = Recorder()
        try Parser.parse("query Q($v: [Int] = [1]) { a(x: $v) @skip(if: true) { ... on T { b } } }").walk(&recorder)
        #expect(
            recorder.events == [
                "enter document", "enter operationDefinition", "enter variableDefinition", "enter variable",
                "leave variable", "enter listType", "enter namedType", "leave namedType", "leave listType",
                "enter listValue", "enter intValue", "leave intValue", "leave listValue", "leave variableDefinition",
                "enter selectionSet", "enter field", "enter argument", "enter variable", "leave variable",
                "leave argument", "enter directive", "enter argument", "enter booleanValue", "leave booleanValue",
                "leave argument", "leave directive", "enter selectionSet", "enter inlineFragment", "enter namedType",
                "leave namedType", "enter selectionSet", "enter field", "leave field", "leave selectionSet",
                "leave inlineFragment", "leave selectionSet", "leave field", "leave selectionSet",
                "leave operationDefinition", "leave document",
            ])
    }

    @Test func skipsChildrenAndStops() throws {
        let document = try Parser.parse("{ a { b } c }")
        var skipping = Recorder(skip: "field")
        document.walk(&skipping)
        #expect(
            skipping.events == [
                "enter document", "enter operationDefinition", "enter selectionSet", "enter field", "enter field",
                "leave selectionSet", "leave operationDefinition", "leave document",
            ])
        var stopping = Recorder(stopAt: "field")
        document.walk(&stopping)
        #expect(stopping.events == ["enter document", "enter operationDefinition", "enter selectionSet", "enter field"])
    }

    @Test func passesAncestors() throws {
        struct FieldPaths: ASTVisitor {
            var paths: [String] = []
            mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
                guard case .field(let field) = node else { return .continue }
                let names = ancestors.compactMap { if case .field(let parent) = $0 { parent.name.value } else { nil } }
                paths.append((names + [field.name.value]).joined(separator: "."))
                return .continue
            }
        }
        var visitor = FieldPaths()
        try Parser.parse("{ a { b { c } d } e }").walk(&visitor)
        #expect(visitor.paths == ["a", "a.b", "a.b.c", "a.d", "e"])
    }

    @Test func reachesEveryNodeOfTheKitchenSinks() throws {
        var executable = Recorder()
        try Parser.parse(try fixture("kitchen-sink.graphql")).walk(&executable)
        var schema = Recorder()
        try Parser.parse(try fixture("schema-kitchen-sink.graphql")).walk(&schema)
        let kinds = Set((executable.events + schema.events).map { String($0.dropFirst(6)) })
        let expected: Set<String> = [
            "document", "operationDefinition", "variableDefinition", "selectionSet", "field", "argument",
            "fragmentSpread", "inlineFragment", "fragmentDefinition", "variable", "intValue", "floatValue",
            "stringValue", "booleanValue", "nullValue", "enumValue", "listValue", "objectValue", "objectField",
            "directive", "namedType", "listType", "nonNullType", "schemaDefinition", "operationTypeDefinition",
            "scalarTypeDefinition", "objectTypeDefinition", "fieldDefinition", "inputValueDefinition",
            "interfaceTypeDefinition", "unionTypeDefinition", "enumTypeDefinition", "enumValueDefinition",
            "inputObjectTypeDefinition", "directiveDefinition", "schemaExtension", "scalarTypeExtension",
            "objectTypeExtension", "interfaceTypeExtension", "unionTypeExtension", "enumTypeExtension",
            "inputObjectTypeExtension",
        ]
        #expect(kinds == expected)
        #expect(executable.events.filter { $0.hasPrefix("enter") }.count == executable.events.filter { $0.hasPrefix("leave") }.count)
    }

    @Test func givesNodesTheirLocations() throws {
        let document = try Parser.parse("{\n  a(x: [1])\n}")
        struct Locations: ASTVisitor {
            var seen: [String] = []
            mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
                seen.append("\(kind(node)) \(node.location.line):\(node.location.column)")
                return .continue
            }
        }
        var visitor = Locations()
        document.walk(&visitor)
        #expect(
            visitor.seen == [
                "document 1:1", "operationDefinition 1:1", "selectionSet 1:1", "field 2:3", "argument 2:5",
                "listValue 2:8", "intValue 2:9",
            ])
    }
}
