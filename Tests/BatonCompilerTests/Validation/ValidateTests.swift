import BatonCompiler
import Testing

/// The entry point: the rules it runs, when it stops, and documents built in code.
@Suite struct ValidateTests {
    @Test func specifiedRulesAreTheSpecificationsThenBatons() {
        let names = specifiedRules.map { String(describing: $0) }
        #expect(names == (specificationRules + batonRules).map { String(describing: $0) })
        #expect(Set(names).count == names.count)
        #expect(names.count == 40)
    }

    @Test func stopsAfterTooManyErrors() throws {
        let text = "{ " + (0..<10).map { "unknown\($0)" }.joined(separator: " ") + " }"
        let document = try Parser.parse(text)
        let diagnostics = validate(
            document: document, schema: try ValidationTestSchema.schema.get(), rules: [FieldsOnCorrectTypeRule.self],
            maxErrors: 3)
        #expect(diagnostics.count == 4)
        #expect(diagnostics.prefix(3).allSatisfy { $0.message.hasPrefix("Cannot query field \"unknown") })
        #expect(diagnostics.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
        #expect(diagnostics.last?.location == nil)
    }

    @Test func stopsAtFragmentsNestedTooDeeply() throws {
        // Each fragment adds a level: 250 fragments nest 251 selection sets.
        var text = "{ human { ...F0 } }\n"
        for level in 0..<250 {
            text += "fragment F\(level) on Human { relatives { ...F\(level + 1) } }\n"
        }
        text += "fragment F250 on Human { name }\n"
        let errors = try validationErrors(specifiedRules, text)
        #expect(
            errors == [
                error(
                    "Selections nest more than 200 levels deep through fragment spreads. Validation aborted.",
                    (1, 1))
            ])
    }

    @Test func acceptsFragmentsNestedWithinTheLimit() throws {
        var text = "{ human { ...F0 } }\n"
        for level in 0..<90 {
            text += "fragment F\(level) on Human { relatives { ...F\(level + 1) } }\n"
        }
        text += "fragment F90 on Human { name }\n"
        #expect(try validationErrors(specifiedRules, text).isEmpty)
    }

    @Test func validatesDocumentsBuiltInCode() throws {
        let field = { (name: String) in SelectionNode.field(FieldNode(name: NameNode(name))) }
        let document = DocumentNode(definitions: [
            .operation(
                OperationDefinitionNode(
                    operation: .query,
                    selectionSet: SelectionSetNode(selections: [
                        .field(
                            FieldNode(
                                name: NameNode("dog"),
                                selectionSet: SelectionSetNode(selections: [field("name"), field("meows")]))),
                        .field(
                            FieldNode(
                                alias: NameNode("dog"), name: NameNode("cat"),
                                selectionSet: SelectionSetNode(selections: [field("name")]))),
                    ])))
        ])
        let diagnostics = validate(document: document, schema: try ValidationTestSchema.schema.get())
        #expect(
            diagnostics.map(\.message) == [
                #"Fields "dog" conflict because "dog" and "cat" are different fields. Use different aliases on the fields to fetch both if this was intentional."#,
                #"Cannot query field "meows" on type "Dog"."#,
            ])
    }

    @Test func rendersDiagnosticsWithTheFileAndPlace() throws {
        let document = try Parser.parse(Source("{\n  dog {\n    meows\n  }\n}\n", name: "Queries/Dog.graphql"))
        let diagnostics = validate(document: document, schema: try ValidationTestSchema.schema.get())
        #expect(
            diagnostics.map { $0.rendered() } == [
                #"Queries/Dog.graphql:3:5: error: Cannot query field "meows" on type "Dog"."#
            ])
    }
}
