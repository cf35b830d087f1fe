import ChildProcess
import Foundation
import ReferenceServer
import Testing

/// `baton fetch-schema` against the reference server: what it writes rebuilds, in graphql-core
/// (TestServer/compare_schema.py), to the server's own schema, as SDL and as JSON.
@Suite struct FetchSchemaCommandTests {
    /// Runs `TestServer/compare_schema.py FILE` with the reference server's Python.
    static func compare(_ file: URL) throws -> (status: Int32, output: String) {
        let testServer = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "TestServer")
        let outcome = try ChildProcess.run(
            testServer.appending(path: ".venv/bin/python"), [testServer.appending(path: "compare_schema.py").path(), file.path()],
            directory: testServer, mergingErrors: true, timeLimit: .seconds(180))
        return (outcome.status, outcome.outputText)
    }

    @Test(arguments: ["schema.graphql", "schema.json"])
    func writesTheServersSchema(_ name: String) async throws {
        let server = try await ReferenceServer.shared()
        let output = try temporaryDirectory().appending(path: name)
        let outcome = try CLIRunner.run(["fetch-schema", "--endpoint", server.graphqlURL.absoluteString, "--output", output.path()])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let comparison = try Self.compare(output)
        #expect(comparison.status == 0, "\(comparison.output)")
        // The compiler reads it back as baton.json's schema.
        let document = output.deletingLastPathComponent().appending(path: "Hello.graphql")
        try "query Hello { hello partial { ok } }\n".write(to: document, atomically: true, encoding: .utf8)
        let validation = try CLIRunner.run(["validate", "--schema", output.path(), document.path()])
        #expect(validation.status == 0, "\(validation.standardError)")
    }

    @Test func sdlGoesToStandardOutputWithoutOutputAndHeadersReachTheServer() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try CLIRunner.run(["fetch-schema", "--endpoint", server.graphqlURL.absoluteString, "--header", "X-Test: 1"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("type Query {"))
    }

    @Test func aFetchThatFailsExitsTwo() throws {
        let outcome = try CLIRunner.run(["fetch-schema", "--endpoint", "http://127.0.0.1:\(ReferenceServer.closedPort())/graphql"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("the introspection query failed: transport"))
    }

    @Test func anAnswerWithoutASchemaExitsTwo() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try CLIRunner.run(["fetch-schema", "--endpoint", server.url("/status/500").absoluteString])
        #expect(outcome.status == 2)
    }

    @Test(arguments: [
        (["--output", "schema.txt"], "--output must end .graphql, .graphqls or .json, got 'schema.txt'"),
        ([], "--endpoint is required"),
        (["--endpoint", "ws://x/graphql"], "--endpoint must be an http or https URL, got 'ws://x/graphql'"),
        (["--endpoint", "http://x/graphql", "--header", "nocolon"], "--header must look like 'Name: value', got 'nocolon'"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let outcome = try CLIRunner.run(["fetch-schema"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }
}
