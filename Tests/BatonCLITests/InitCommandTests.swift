import BatonCore
import Foundation
import Testing

/// `baton init`: a starting baton.json and an example operation, never written over a file.
@Suite struct InitCommandTests {
    @Test func writesAConfigurationEveryReaderAcceptsAndAnOperation() throws {
        let directory = try temporaryDirectory()
        let outcome = try CLIRunner.run(["init", "--endpoint", "https://api.example.com/graphql", directory.path()])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let configuration = try String(contentsOf: directory.appending(path: "baton.json"), encoding: .utf8)
        let json = try JSONValue(parsing: configuration)
        #expect(json["endpoint"] == "https://api.example.com/graphql")
        #expect(json["//"]?.listValue?.isEmpty == false)
        let operation = try String(contentsOf: directory.appending(path: "Example.graphql"), encoding: .utf8)
        #expect(operation.contains("query Example"))
        // Once a schema is beside it, the starting files validate as they are.
        try "type Query { hello: String }\n".write(to: directory.appending(path: "schema.graphql"), atomically: true, encoding: .utf8)
        let validation = try CLIRunner.run(["validate", "--config", directory.appending(path: "baton.json").path()])
        #expect(validation.status == 0, "\(validation.standardError)")
    }

    @Test func refusesToWriteOverAFileAndWritesNothing() throws {
        let directory = try temporaryDirectory()
        let existing = directory.appending(path: "baton.json")
        try "{}".write(to: existing, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["init", directory.path()])
        #expect(outcome.status == 73)
        #expect(outcome.standardError.contains("baton.json: error: exists already"))
        #expect(try String(contentsOf: existing, encoding: .utf8) == "{}")
        #expect(!FileManager.default.fileExists(atPath: directory.appending(path: "Example.graphql").path()))
    }

    @Test func aBadEndpointIsAUsageError() throws {
        let outcome = try CLIRunner.run(["init", "--endpoint", "ftp://example.com", try temporaryDirectory().path()])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--endpoint must be an http or https URL, got 'ftp://example.com'"))
    }
}
