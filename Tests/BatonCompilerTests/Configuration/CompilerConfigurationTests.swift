import BatonCompiler
import BatonCore
import Testing

@Suite("baton.json for the compiler")
struct CompilerConfigurationTests {
    @Test func readsEveryCompilerKey() throws {
        let configuration = try CompilerConfiguration(
            json: """
                {
                  "schema": ["schema.graphql", "extensions.graphql"],
                  "documents": ["Queries/**/*.graphql"],
                  "output": "Generated",
                  "accessLevel": "internal",
                  "customScalars": {"DateTime": "Foundation.Date", "JSON": "JSONValue"},
                  "onError": "NULL",
                  "cacheKeys": {"User": ["id"], "Post": "slug"},
                  "schemaTypePrefix": "API",
                  "endpoint": "https://example.com/graphql",
                  "transport": {"name": "curl"}
                }
                """)
        #expect(configuration.schema == ["schema.graphql", "extensions.graphql"])
        #expect(configuration.documents == ["Queries/**/*.graphql"])
        #expect(configuration.output == "Generated")
        #expect(configuration.generation.accessLevel == .internal)
        #expect(configuration.generation.customScalars == ["DateTime": "Foundation.Date", "JSON": "JSONValue"])
        #expect(configuration.generation.onError == .null)
        #expect(configuration.cacheKeys == ["User": ["id"], "Post": ["slug"]])
        #expect(configuration.generation.schemaTypePrefix == "API")
    }

    @Test func defaultsArePublicWithNoOnError() throws {
        let configuration = try CompilerConfiguration(json: #"{"schema": "s.graphql", "documents": "*.graphql", "output": "out"}"#)
        #expect(configuration.schema == ["s.graphql"])
        #expect(configuration.documents == ["*.graphql"])
        #expect(configuration.generation == GenerationOptions())
        #expect(configuration.cacheKeys.isEmpty)
    }

    /// A target built with the build plugin leaves `output` out: the plugin writes into its own
    /// work directory, and `baton generate` asks for the key only when it runs by hand.
    @Test func outputMayBeLeftOut() throws {
        let configuration = try CompilerConfiguration(json: #"{"schema": "s.graphql", "documents": "*.graphql"}"#)
        #expect(configuration.output == nil)
        #expect(configuration.schema == ["s.graphql"])
        #expect(try CompilerConfiguration(json: #"{"schema": "s", "documents": "d", "output": "out"}"#).output == "out")
    }

    @Test(arguments: [
        (
            #"{"schema": "s", "documents": "d", "output": "o", "outputDir": "x"}"#,
            #"baton.json: error: "outputDir" is "x"; accepted: one of the keys "schema", "documents", "output", "accessLevel", "customScalars", "onError", "cacheKeys", "schemaTypePrefix", "lookups", "$schema", "endpoint", "transport", "store", "events", "retry", "auth", "persistedOperations", "batch" Did you mean "output"?"#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "accessLevel": "private"}"#,
            #"baton.json: error: "accessLevel" is "private"; accepted: "public" or "internal""#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "onError": "null"}"#,
            #"baton.json: error: "onError" is "null"; accepted: "NULL" or "PROPAGATE" or "HALT" Did you mean "NULL"?"#
        ),
        (
            #"{"documents": "d", "output": "o"}"#,
            #"baton.json: error: "schema" is missing; accepted: a non-empty string or a non-empty list of non-empty strings"#
        ),
        (
            #"{"schema": "s", "documents": [], "output": "o"}"#,
            #"baton.json: error: "documents" is []; accepted: a non-empty string or a non-empty list of non-empty strings"#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": 3}"#,
            #"baton.json: error: "output" is 3; accepted: a non-empty string"#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": ""}"#,
            #"baton.json: error: "output" is ""; accepted: a non-empty string"#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "customScalars": {"Date": "not a type"}}"#,
            #"baton.json: error: "customScalars.Date" is "not a type"; accepted: a Swift type name conforming to GraphQLScalar, such as "String" or "Foundation.Date""#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "cacheKeys": {"User": 1}}"#,
            #"baton.json: error: "cacheKeys.User" is 1; accepted: a non-empty string or a non-empty list of non-empty strings"#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "schemaTypePrefix": "1API"}"#,
            #"baton.json: error: "schemaTypePrefix" is "1API"; accepted: a string of letters, digits and _ that does not start with a digit, such as "API""#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "schemaTypePrefix": "My.API"}"#,
            #"baton.json: error: "schemaTypePrefix" is "My.API"; accepted: a string of letters, digits and _ that does not start with a digit, such as "API""#
        ),
        (
            #"{"schema": "s", "documents": "d", "output": "o", "schemaTypePrefix": true}"#,
            #"baton.json: error: "schemaTypePrefix" is true; accepted: a string of letters, digits and _ that does not start with a digit, such as "API""#
        ),
        (#"[1]"#, #"baton.json: error: the file is a list; accepted: a JSON object"#),
    ])
    func badFilesNameKeyValueAndWhatIsAccepted(text: String, message: String) {
        #expect(throws: ConfigurationError.self) { try CompilerConfiguration(json: text) }
        do {
            _ = try CompilerConfiguration(json: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func notJSONSaysSo() {
        do {
            _ = try CompilerConfiguration(json: "{", file: "App/baton.json")
            Issue.record("expected an error")
        } catch {
            #expect(error.file == "App/baton.json")
            #expect(error.description.hasPrefix("App/baton.json: error: the file is not JSON"))
        }
    }
}
