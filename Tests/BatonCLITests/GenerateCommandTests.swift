import BatonCore
import Foundation
import Testing

/// `baton generate` as `baton.json` configures it.
@Suite struct GenerateCommandTests {
    @Test func schemaTypePrefixStartsTheNamesOfTheGeneratedSchemaTypes() throws {
        let directory = try temporaryDirectory()
        try """
        enum Range { SHORT LONG }
        input Duration { seconds: Int }
        type Query { trip(range: Range, duration: Duration): Range }
        """.write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try "query Trip($range: Range, $duration: Duration) { trip(range: $range, duration: $duration) }\n"
            .write(to: directory.appending(path: "Trip.graphql"), atomically: true, encoding: .utf8)
        let file = directory.appending(path: "baton.json")
        try #"{"schema": "schema.graphql", "documents": "*.graphql", "output": "Generated", "schemaTypePrefix": "API"}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let generated = directory.appending(path: "Generated")
        let types = try String(contentsOf: generated.appending(path: "SchemaTypes.graphql.swift"), encoding: .utf8)
        #expect(types.contains("public enum APIRange: GraphQLEnum"))
        #expect(types.contains("public struct APIDuration: GraphQLInputObject"))
        #expect(!types.contains("enum Range"))
        let query = try String(contentsOf: generated.appending(path: "TripQuery.graphql.swift"), encoding: .utf8)
        #expect(query.contains("public var range: Nullable<APIRange>"))
        #expect(query.contains("public var trip: APIRange?"))
    }

    /// A file without `output` (as a target built with the build plugin has) generates where
    /// `--output` says, and without `--output` fails before compiling, naming the key.
    @Test func withoutOutputTheCommandLineSaysWhereOrTheErrorNamesTheKey() throws {
        let directory = try temporaryDirectory()
        try "type Query { hello: String }\n".write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try "query Hello { hello }\n".write(to: directory.appending(path: "Hello.graphql"), atomically: true, encoding: .utf8)
        let file = directory.appending(path: "baton.json")
        try #"{"schema": "schema.graphql", "documents": "*.graphql"}"#.write(to: file, atomically: true, encoding: .utf8)
        let missing = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(missing.status == 65, "\(missing.standardError)")
        #expect(
            missing.standardError.contains(
                #"baton.json: error: "output" is missing; accepted: the directory the generated Swift goes to, relative to the file (or --output DIR)"#
            ),
            "\(missing.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Generated").path()))
        let elsewhere = directory.appending(path: "Elsewhere")
        let given = try CLIRunner.run(["generate", "--config", file.path(), "--output", elsewhere.path()])
        #expect(given.status == 0, "\(given.standardError)")
        #expect(FileManager.default.fileExists(atPath: elsewhere.appending(path: "HelloQuery.graphql.swift").path()))
    }

    @Test func thePersistedQueryManifestListsEveryOperationByTheHashOfItsText() throws {
        let directory = try temporaryDirectory()
        try "type Query { hello: String }\ntype Mutation { greet(text: String): String }\n"
            .write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try "query Hello { hello }\nmutation Greet($text: String) { greet(text: $text) }\n"
            .write(to: directory.appending(path: "Operations.graphql"), atomically: true, encoding: .utf8)
        let file = directory.appending(path: "baton.json")
        try #"""
        {"schema": "schema.graphql", "documents": "*.graphql", "output": "Generated",
         "persistedOperations": {"mode": "automatic", "manifest": "persisted/manifest.json"}}
        """#.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: directory.appending(path: "persisted"), withIntermediateDirectories: true)
        let outcome = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = try String(contentsOf: directory.appending(path: "persisted/manifest.json"), encoding: .utf8)
        let manifest = try JSONValue(parsing: text)
        #expect(manifest["format"] == "apollo-persisted-query-manifest")
        #expect(manifest["version"] == 1)
        let operations = manifest["operations"]?.listValue ?? []
        #expect(operations.map { $0["name"]?.stringValue } == ["Greet", "Hello"])
        #expect(operations.map { $0["type"]?.stringValue } == ["mutation", "query"])
        for operation in operations {
            let body = operation["body"]?.stringValue ?? ""
            let id = operation["id"]?.stringValue ?? ""
            #expect(id == SHA256.hexDigest(body))
            // The generated operation sends exactly that text, under that id.
            let name = operation["name"]?.stringValue ?? ""
            let suffix = operation["type"] == "query" ? "Query" : "Mutation"
            let swift = try String(contentsOf: directory.appending(path: "Generated/\(name)\(suffix).graphql.swift"), encoding: .utf8)
            #expect(swift.contains("operationID: String = \"\(id)\""))
        }
        // --manifest writes it elsewhere, as the build plugin asks.
        let elsewhere = directory.appending(path: "elsewhere.json")
        let again = try CLIRunner.run(["generate", "--config", file.path(), "--manifest", elsewhere.path()])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == text)
    }

    @Test func inIDsModeAnOperationMissingFromTheManifestIsABuildError() throws {
        let directory = try temporaryDirectory()
        try "type Query { hello: String }\ntype Mutation { greet(text: String): String }\n"
            .write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        try "query Hello { hello }\n".write(to: directory.appending(path: "Hello.graphql"), atomically: true, encoding: .utf8)
        let file = directory.appending(path: "baton.json")
        try #"""
        {"schema": "schema.graphql", "documents": "*.graphql", "output": "Generated",
         "persistedOperations": {"mode": "ids", "manifest": "registered.json"}}
        """#.write(to: file, atomically: true, encoding: .utf8)
        let manifest = directory.appending(path: "registered.json")
        // No manifest yet: said, and how to write one.
        let unread = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(unread.status == 65)
        #expect(unread.standardError.contains("baton generate --manifest registered.json"), "\(unread.standardError)")
        // --manifest naming it writes it (registering every operation), and it is not checked.
        let registered = try CLIRunner.run(["generate", "--config", file.path(), "--manifest", manifest.path()])
        #expect(registered.status == 0, "\(registered.standardError)")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        // Every operation in it: generated, and the manifest left as it was.
        let checked = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(checked.status == 0, "\(checked.standardError)")
        #expect(try String(contentsOf: manifest, encoding: .utf8) == text)
        // A new operation the server does not know is refused, by name.
        let greet = "mutation Greet($text: String) { greet(text: $text) }"
        try "\(greet)\n".write(to: directory.appending(path: "Greet.graphql"), atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["generate", "--config", file.path()])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("operation \"Greet\""), "\(refused.standardError)")
        #expect(!refused.standardError.contains("operation \"Hello\""))
        // The build plugin's way (--manifest elsewhere) is checked too.
        let plugin = try CLIRunner.run(["generate", "--config", file.path(), "--manifest", directory.appending(path: "out.json").path()])
        #expect(plugin.status == 1)
        #expect(try String(contentsOf: manifest, encoding: .utf8) == text)
    }
}
