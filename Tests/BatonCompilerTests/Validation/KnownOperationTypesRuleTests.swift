import BatonCompiler
import Testing

/// KnownOperationTypes needs a schema without some root type, which the shared test schema has
/// all of; these documents are checked against a schema with a query type alone.
@Suite struct KnownOperationTypesRuleTests {
    static let schema = Result { () throws(SchemaError) in try Schema(sdl: "type Query { name: String }") }

    func errors(_ text: String) throws -> [String] {
        let document = try Parser.parse(text)
        return validate(document: document, schema: try Self.schema.get(), rules: [KnownOperationTypesRule.self])
            .map { "\($0.message) @\($0.locations.map { "\($0.line):\($0.column)" }.joined(separator: " "))" }
    }

    @Test func aQueryIsSupported() throws {
        #expect(try errors("{ name }").isEmpty)
        #expect(try errors("query Named { name }").isEmpty)
    }

    @Test func aMutationIsNotSupported() throws {
        #expect(try errors("mutation { name }") == ["The mutation operation is not supported by the schema. @1:1"])
    }

    @Test func eachUnsupportedOperationIsReported() throws {
        let text = """
            query A { name }
            mutation B { name }
            subscription C { name }
            """
        #expect(
            try errors(text) == [
                "The mutation operation is not supported by the schema. @2:1",
                "The subscription operation is not supported by the schema. @3:1",
            ])
    }
}
