import BatonCompiler
import Testing

/// `@cacheExpiration(seconds:)`: read by the client, stripped from the text sent, on queries only.
@Suite("Cache expiration in generated operations")
struct CacheExpirationGenerationTests {
    let schema = "type Query { note: String } type Mutation { setNote: String }"

    func generated(_ document: String) throws -> String {
        try generatedText(document, schema: schema)
    }

    @Test func theQuerysExpirationIsGeneratedAndNotSent() throws {
        let text = try generated("query Note @cacheExpiration(seconds: 90) { note }")
        #expect(text.contains("public static let cacheExpiration: Swift.Duration? = .seconds(90)"))
        #expect(!text.contains("@cacheExpiration"))
    }

    @Test func withoutTheDirectiveTheEnvironmentsExpirationApplies() throws {
        #expect(!(try generated("query Note { note }")).contains("cacheExpiration"))
    }

    @Test func onAMutationItIsRejected() throws {
        #expect(throws: CompilationError.self) {
            _ = try generated("mutation SetNote @cacheExpiration(seconds: 90) { setNote }")
        }
    }
}
