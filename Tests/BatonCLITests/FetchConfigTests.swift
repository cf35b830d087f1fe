import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `baton fetch --config baton.json`: the transport and store come from the file, and the command
/// line wins over it.
@Suite struct FetchConfigTests {
    private static let schema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestServer/schema.graphql").path

    /// A `baton.json` in a new directory with `members`, and its path.
    private func configuration(_ members: String) throws -> String {
        let file = try temporaryDirectory().appending(path: "baton.json")
        try "{\(members)}".write(to: file, atomically: true, encoding: .utf8)
        return file.path()
    }

    private static let headerQuery = #"{ requestOnError requestHeader(name: "X-Baton-Test") }"#

    @Test(arguments: ["curl", "foundation", "sse"])
    func theFilesEndpointHeadersAndOnErrorReachTheServer(transport: String) async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(
            #"""
            "endpoint": "\#(server.graphqlURL.absoluteString)", "onError": "NULL",
            "transport": {"name": "\#(transport)", "options": {"headers": {"X-Baton-Test": "from-file"}}}
            """#)
        let outcome = try CLIRunner.run(["fetch", "--config", path, "--on-error", "null", "--query", Self.headerQuery])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let data = try JSONValue(parsing: outcome.standardOutput)["data"]
        #expect(data?["requestHeader"] == "from-file")
        #expect(data?["requestOnError"] == "NULL")
    }

    @Test func theCommandLinesEndpointAndHeaderWin() async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(
            #"""
            "endpoint": "http://127.0.0.1:\#(ReferenceServer.closedPort())/graphql",
            "transport": {"name": "curl", "options": {"headers": {"X-Baton-Test": "from-file"}}}
            """#)
        let outcome = try CLIRunner.run([
            "fetch", "--config", path, "--endpoint", server.graphqlURL.absoluteString,
            "--header", "X-Baton-Test: from-cli", "--query", Self.headerQuery,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try JSONValue(parsing: outcome.standardOutput)["data"]?["requestHeader"] == "from-cli")
    }

    @Test func theFilesRetryAndAuthWrapTheTransport() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let flaky = try configuration(
            #""endpoint": "\#(server.url("/flaky?key=\(key)&fail=2").absoluteString)", "retry": {"initialDelay": 0.005}"#)
        let retried = try CLIRunner.run(["fetch", "--config", flaky, "--query", "{ hello }"])
        #expect(retried.status == 0, "\(retried.standardError)")
        #expect(try JSONValue(parsing: retried.standardOutput)["data"]?["hello"] == "Hello, world!")

        let realm = UUID().uuidString
        let command = #"if [ "$BATON_REJECTED_TOKEN" = stale ]; then echo \#(realm)-1; else echo stale; fi"#
        let authenticated = try configuration(
            #""endpoint": "\#(server.url("/auth/graphql?realm=\(realm)").absoluteString)", "auth": {"command": \#(JSONValue.string(command).serialized())}"#
        )
        let refreshed = try CLIRunner.run(["fetch", "--config", authenticated, "--query", "{ hello }"])
        #expect(refreshed.status == 0, "\(refreshed.standardError)")
        #expect(try JSONValue(parsing: refreshed.standardOutput)["data"]?["hello"] == "Hello, world!")
    }

    @Test func theFilesRetryPersistedIDsAndBatchWrapTheTransportTogether() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let query = "{ hello }"
        let directory = try temporaryDirectory()
        let manifest: JSONValue = [
            "format": "apollo-persisted-query-manifest", "version": 1,
            "operations": [["id": .string(SHA256.hexDigest(query)), "body": .string(query), "name": "Hello", "type": "query"]],
        ]
        try manifest.serialized().write(to: directory.appending(path: "manifest.json"), atomically: true, encoding: .utf8)
        let manifestPath = directory.appending(path: "manifest.json").path().addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        // The first batch is answered 503: retry sends the operation again, by id, in a second batch.
        let file = directory.appending(path: "baton.json")
        try #"""
        {"endpoint": "\#(server.url("/batch?key=\(key)&fail=1&manifest=\(manifestPath)").absoluteString)",
         "retry": {"initialDelay": 0.005}, "batch": {"maxSize": 4, "windowMs": 5},
         "persistedOperations": {"mode": "ids", "manifest": "manifest.json"}}
        """#.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try CLIRunner.run(["fetch", "--config", file.path(), "--query", query])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try JSONValue(parsing: outcome.standardOutput)["data"]?["hello"] == "Hello, world!")
        let counts = try CLIRunner.run(["fetch", "--endpoint", server.url("/wire-counts?key=\(key)").absoluteString, "--query", "{ counts }"])
        let data = try JSONValue(parsing: counts.standardOutput)["data"]
        // Two batches of one; the answered one ran the operation by its id, with no text.
        #expect(data?["batches"] == [1, 1])
        #expect(data?["queries"] == [""])
        #expect(data?["documents"] == [.string("documentId=\(SHA256.hexDigest(query))")])
    }

    @Test func theFilesAutomaticPersistedQueriesSendTheHashFirst() async throws {
        let server = try await ReferenceServer.shared()
        let key = UUID().uuidString
        let query = "{ hello(name: \"\(key)\") }"
        let path = try configuration(
            #""endpoint": "\#(server.url("/apq?key=\(key)").absoluteString)", "persistedOperations": {"mode": "automatic"}"#)
        for _ in 0..<2 {
            let outcome = try CLIRunner.run(["fetch", "--config", path, "--query", query])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(try JSONValue(parsing: outcome.standardOutput)["data"]?["hello"] == .string("Hello, \(key)!"))
        }
        let counts = try CLIRunner.run(["fetch", "--endpoint", server.url("/wire-counts?key=\(key)").absoluteString, "--query", "{ counts }"])
        // A miss, the text once, then the hash alone.
        #expect(try JSONValue(parsing: counts.standardOutput)["data"]?["queries"] == ["", .string(query), ""])
    }

    @Test func theFilesWebSocketTransportCarriesASubscription() async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(#""endpoint": "\#(server.webSocketURL.absoluteString)", "transport": "ws""#)
        let outcome = try CLIRunner.run(["fetch", "--config", path, "--query", "subscription { countdown(from: 2) { value } }"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.lines.count == 3)
        #expect(outcome.lines.last == #"{"end":"completed"}"#)
    }

    @Test func anUnsetVariableIsNamedAndExits65() throws {
        let path = try configuration(
            #"""
            "endpoint": "http://x.example/graphql",
            "transport": {"name": "curl", "options": {"headers": {"Authorization": "Bearer ${BATON_UNSET_TOKEN_FOR_TEST}"}}}
            """#)
        let outcome = try CLIRunner.run(["fetch", "--config", path, "--query", "{ hello }"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError.contains("BATON_UNSET_TOKEN_FOR_TEST"))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func aFileWithoutAnEndpointSaysSo() throws {
        let path = try configuration(#""transport": "curl""#)
        let outcome = try CLIRunner.run(["fetch", "--config", path, "--query", "{ hello }"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError.hasPrefix(#"\#(path): error: "endpoint" is missing"#))
    }

    @Test func watchKeepsTheDataInTheFilesSQLiteStore() async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(
            #"""
            "schema": "\#(Self.schema)", "documents": "*.graphql", "output": "Generated",
            "endpoint": "\#(server.graphqlURL.absoluteString)", "store": {"name": "sqlite", "options": {"path": "image.sqlite"}}
            """#)
        let query = #"query W { note(id: "config") { id text } }"#
        let first = try CLIRunner.run(["fetch", "--config", path, "--watch", "--query", query])
        #expect(first.status == 0, "\(first.standardError)")
        let image = URL(filePath: path).deletingLastPathComponent().appending(path: "image.sqlite").path()
        #expect(FileManager.default.fileExists(atPath: image))
        let again = try CLIRunner.run(["fetch", "--config", path, "--watch", "--policy", "store-only", "--query", query])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(again.lines.first?.contains(#""note":{"id":"config","text":"note config"}"#) == true)
    }

    @Test func aPlainFetchMakesNoImage() async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(
            #"""
            "endpoint": "\#(server.graphqlURL.absoluteString)", "store": {"name": "sqlite", "options": {"path": "image.sqlite"}}
            """#)
        let outcome = try CLIRunner.run(["fetch", "--config", path, "--query", "{ hello }"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let image = URL(filePath: path).deletingLastPathComponent().appending(path: "image.sqlite").path()
        #expect(!FileManager.default.fileExists(atPath: image))
    }

    @Test func aPolicyFetchesThroughTheFilesStoreAndSchema() async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(
            #"""
            "schema": "\#(Self.schema)", "documents": "*.graphql", "output": "Generated",
            "endpoint": "\#(server.graphqlURL.absoluteString)", "store": {"name": "sqlite", "options": {"path": "image.sqlite"}}
            """#)
        let query = #"query P { note(id: "policy") { id text } }"#
        let first = try CLIRunner.run(["fetch", "--config", path, "--policy", "network-only", "--query", query])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try JSONValue(parsing: first.standardOutput)["source"] == "network")
        let again = try CLIRunner.run(["fetch", "--config", path, "--policy", "store-only", "--events", "--query", query])
        #expect(again.status == 0, "\(again.standardError)")
        let read = try JSONValue(parsing: again.standardOutput)
        #expect(read["source"] == "store")
        #expect(read["data"]?["note"]?["text"] == "note policy")
        let missing = try CLIRunner.run(["fetch", "--config", path, "--policy", "store-only", "--query", #"query Q { note(id: "never") { id } }"#])
        #expect(missing.status == 3, "\(missing.standardOutput)")
    }

    @Test func aPolicyWithAFileThatNamesNoSchemaSaysSo() async throws {
        let server = try await ReferenceServer.shared()
        let path = try configuration(#""endpoint": "\#(server.graphqlURL.absoluteString)""#)
        let outcome = try CLIRunner.run(["fetch", "--config", path, "--policy", "store-only", "--query", "{ hello }"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError.contains(#""schema""#), "\(outcome.standardError)")
    }

    @Test func aPolicyWithoutASchemaOrAFileIsAUsageError() throws {
        let outcome = try CLIRunner.run(["fetch", "--endpoint", "http://127.0.0.1:1/graphql", "--policy", "store-only", "--query", "{ hello }"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("give --schema SCHEMA"), "\(outcome.standardError)")
    }
}
