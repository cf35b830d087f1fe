import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `baton fetch --schema … --store memory`: what the executable prints is read back from the store.
@Suite struct FetchThroughStoreTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TestServer/schema.graphql").standardizedFileURL.path

    private func fetch(_ arguments: String...) async throws -> CLIRunner.Outcome {
        let server = try await ReferenceServer.shared()
        return try CLIRunner.run(
            ["fetch", "--endpoint", server.graphqlURL.absoluteString, "--schema", Self.schema, "--store", "memory"]
                + arguments)
    }

    @Test func theDataAndErrorsComeBackFromTheStoreInPathOrderThenTheOperations() async throws {
        let outcome = try await fetch(
            "--query", #"query Q { errorCases { pathless leaf fine } character(id: "1") { id name } }"#)
        #expect(outcome.status == 0)
        let printed = try JSONValue(parsing: outcome.standardOutput)
        #expect(printed["source"] == "network")
        #expect(printed["failure"] == .null)
        #expect(printed["data"]?["character"]?["name"] == "Luke")
        #expect(printed["data"]?["errorCases"]?["fine"] == "fine")
        #expect(printed["errors"]?.listValue?.map { $0["extensions"]?["code"] } == ["LEAF_FAILED", "PATHLESS"])
        #expect(printed["missing"] == nil)
    }

    @Test func storeOnlyNeverFetchesAndNamesWhatIsMissingWithExitThree() async throws {
        let outcome = try await fetch("--policy", "store-only", "--query", #"query Q { character(id: "1") { id name } }"#)
        #expect(outcome.status == 3)
        let printed = try JSONValue(parsing: outcome.standardOutput)
        #expect(printed["source"] == "store")
        #expect(printed["missing"] == [["record": "client:root", "field": #"character(id:"1")"#]])
    }

    @Test func eventsArePrintedAsJSONLinesOnStandardError() async throws {
        let outcome = try await fetch("--events", "--query", "query Q { errorCases { leaf } }")
        #expect(outcome.status == 0)
        let events = try outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
            .map { try JSONValue(parsing: String($0)) }
        #expect(events.contains { $0["event"] == "store.published" && $0["changedRecords"] == 2 })
        #expect(events.contains { $0["event"] == "fieldError" && $0["code"] == "LEAF_FAILED" && $0["message"] == nil })
    }

    @Test func storeNeedsASchema() throws {
        let outcome = try CLIRunner.run(["fetch", "--endpoint", "http://127.0.0.1:1/graphql", "--store", "memory", "--query", "query Q { hello }"])
        #expect(outcome.status == 64)
    }

    @Test func aNullWhereTheSchemaPromisesAValueIsReportedAsAGeneratedAccessorWouldReportIt() async throws {
        // The client's schema promises `leaf`; the server sends it null, with its field error.
        let schema = try String(contentsOfFile: Self.schema, encoding: .utf8).replacingOccurrences(of: "  leaf: String\n", with: "  leaf: String!\n")
        let path = try temporaryDirectory().appendingPathComponent("promising.graphql")
        try schema.write(to: path, atomically: true, encoding: .utf8)
        let server = try await ReferenceServer.shared()
        let outcome = try CLIRunner.run([
            "fetch", "--endpoint", server.graphqlURL.absoluteString, "--schema", path.path, "--store", "memory", "--events",
            "--query", "query Q { errorCases { leaf } }",
        ])
        #expect(outcome.status == 0)
        let printed = try JSONValue(parsing: outcome.standardOutput)
        #expect(printed["data"]?["errorCases"]?["leaf"] == .null)
        let events = try outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
            .map { try JSONValue(parsing: String($0)) }
        #expect(events.contains { $0["event"] == "unexpected" && $0["field"] == "leaf" })
    }

    @Test func storeAndNetworkPrintsTheStoresReadThenTheNetworksFromOneImage() async throws {
        let image = try temporaryDirectory().appendingPathComponent("store-and-network.sqlite").path
        let server = try await ReferenceServer.shared()
        let common = [
            "fetch", "--endpoint", server.graphqlURL.absoluteString, "--schema", Self.schema, "--store", "sqlite:" + image,
            "--query", #"query Q { character(id: "1") { id name } }"#,
        ]
        #expect(try CLIRunner.run(common).status == 0)
        let both = try CLIRunner.run(common + ["--policy", "store-and-network"])
        #expect(both.status == 0)
        #expect(both.lines.map { try? JSONValue(parsing: $0)["source"] } == ["store", "network"])
        let cached = try CLIRunner.run(common + ["--policy", "store-or-network"])
        #expect(cached.lines.map { try? JSONValue(parsing: $0)["source"] } == ["store"])
    }

    @Test func aMutationRunsThroughTheEnvironmentAndARequestErrorSaysItsKind() async throws {
        let changed = try await fetch("--query", #"mutation M { setNote(id: "cli-mutation", text: "set") { id text } }"#)
        #expect(changed.status == 0)
        #expect(try JSONValue(parsing: changed.standardOutput)["data"]?["setNote"]?["text"] == "set")
        let refused = try await fetch("--query", "query Q { alwaysFails }")
        #expect(refused.status == 2)
        #expect(try JSONValue(parsing: refused.standardOutput)["failure"]?["kind"] == "request")
    }
}
