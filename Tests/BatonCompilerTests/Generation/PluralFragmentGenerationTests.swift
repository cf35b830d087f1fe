import BatonCompiler
import Testing

/// `@relay(plural: true)`: read by the client, stripped from the text sent, on fragments only.
@Suite("Plural fragments in generated code")
struct PluralFragmentGenerationTests {
    let schema = "type Query { items: [Item!]! } type Item { id: ID! name: String! }"

    func generated(_ document: String) throws -> String {
        try generatedText(document, schema: schema)
    }

    @Test func aPluralFragmentIsGeneratedAsAViewAndNotSentWithItsDirective() throws {
        let text = try generated(
            "query Rows { items { id ...Row } }\nfragment Row on Item @relay(plural: true) { name }")
        #expect(text.contains("public struct Row: FragmentView"))
        #expect(text.contains("fragment Row on Item {"))
        #expect(!text.contains("@relay"))
    }

    @Test func onAnOperationOrASpreadItIsRejected() throws {
        let onQuery = #expect(throws: CompilationError.self) {
            _ = try generated("query Rows @relay(plural: true) { items { id } }")
        }
        #expect(onQuery?.description.contains(#"Directive "@relay" may not be used on QUERY."#) == true)
        #expect(throws: CompilationError.self) {
            _ = try generated("query Rows { items { ...Row @relay(plural: true) } }\nfragment Row on Item { name }")
        }
    }
}
