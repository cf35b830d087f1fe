import Testing

@testable import BatonCompiler

@Suite struct SchemaPrintingTests {
    @Test func printsSchemasWithoutTheBuiltIns() throws {
        let text = try fixture("schema-for-printing.graphql")
        let schema = try Schema(sdl: text)
        let printed = schema.sdl()
        #expect(
            printed.hasPrefix(
                "schema {\n  query: Root\n}\n\ndirective @tag(name: String!) repeatable on FIELD_DEFINITION | OBJECT\n\n\"\"\"A scalar with a URL.\"\"\"\nscalar Time"
            ))
        #expect(!printed.contains("scalar String") && !printed.contains("__Schema") && !printed.contains("@skip"))
        #expect(!printed.contains("RequiredFieldAction"))
        // Printing is stable: the printed SDL builds the same schema.
        #expect(try Schema(sdl: printed).sdl() == printed)
    }

    @Test func leavesOutTheCommonSchemaDefinition() throws {
        let schema = try Schema(sdl: "type Query { a: Int }\ntype Mutation { b: Int }")
        #expect(schema.sdl() == "type Query {\n  a: Int\n}\n\ntype Mutation {\n  b: Int\n}")
    }

    @Test func printsDeprecationsReadFromIntrospection() throws {
        let schema = try Schema(introspection: try Schema(sdl: try fixture("schema-for-printing.graphql")).introspectionJSON())
        let printed = schema.sdl()
        #expect(printed.contains("old: String @deprecated\n"))
        #expect(printed.contains(#"older: String @deprecated(reason: "Gone.")"#))
        #expect(printed.contains(#"B @deprecated(reason: "Use A.")"#))
        #expect(printed.contains("input Filter @oneOf {"))
        #expect(printed.contains(#"scalar Time @specifiedBy(url: "https://example.com/time")"#))
    }

    @Test func choosesBlockStringsOnlyWhenTheyKeepTheValue() {
        #expect(BlockString.canPrint("plain"))
        #expect(BlockString.canPrint("two\nlines"))
        #expect(!BlockString.canPrint("\nleading blank line"))
        #expect(!BlockString.canPrint("trailing blank line\n"))
        #expect(!BlockString.canPrint("  indented\n  everywhere"))
        #expect(!BlockString.canPrint("carriage\rreturn"))
        #expect(!BlockString.canPrint("bell\u{7}"))
    }
}
