import Testing

@testable import BatonCompiler

@Suite struct DirectiveLocationTests {
    @Test func namesTheLocationOfEachDirective() throws {
        struct Locations: ASTVisitor {
            var found: [String: DirectiveLocation] = [:]
            mutating func enter(_ node: ASTNode, ancestors: [ASTNode]) -> VisitAction {
                guard case .directive(let directive) = node, let owner = ancestors.last else { return .continue }
                found[directive.name.value] = owner.directiveLocation(parent: ancestors.dropLast().last)
                return .continue
            }
        }
        var executable = Locations()
        try Parser.parse(try fixture("kitchen-sink.graphql")).walk(&executable)
        #expect(executable.found["onQuery"] == .query)
        #expect(executable.found["onMutation"] == .mutation)
        #expect(executable.found["onSubscription"] == .subscription)
        #expect(executable.found["onField"] == .field)
        #expect(executable.found["onInlineFragment"] == .inlineFragment)
        #expect(executable.found["onFragmentSpread"] == .fragmentSpread)
        #expect(executable.found["onFragmentDefinition"] == .fragmentDefinition)
        #expect(executable.found["onVariableDefinition"] == .variableDefinition)
        var schema = Locations()
        try Parser.parse(try fixture("schema-kitchen-sink.graphql")).walk(&schema)
        #expect(schema.found["onSchema"] == .schema)
        #expect(schema.found["onObject"] == .object)
        #expect(schema.found["onType"] == .object)
        #expect(schema.found["onArgumentDefinition"] == .argumentDefinition)
        #expect(schema.found["onInputFieldDefinition"] == .inputFieldDefinition)
        #expect(schema.found["onEnumValue"] == .enumValue)
        #expect(schema.found["onInputObject"] == .inputObject)
        #expect(schema.found["onScalar"] == .scalar)
        #expect(schema.found["onUnion"] == .union)
        #expect(schema.found["onInterface"] == .interface)
        #expect(schema.found["onEnum"] == .enum)
    }
}
