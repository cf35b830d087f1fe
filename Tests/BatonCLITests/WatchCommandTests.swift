import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `baton fetch --watch` against the reference server.
@Suite struct WatchCommandTests {
    private static let schema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestServer/schema.graphql").path

    private func watch(_ server: ReferenceServer, _ query: String, _ options: [String] = []) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["fetch", "--watch", "--schema", Self.schema, "--endpoint", server.graphqlURL.absoluteString, "--query", query] + options)
    }

    @Test func printsLoadingThenReadyAndExitsWhenSettled() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try watch(server, #"query W { note(id: "cli") { id text } partial { ok failing } }"#)
        #expect(outcome.status == 0)
        #expect(
            outcome.lines == [
                #"{"phase":"loading","data":null,"errors":[],"isStale":true,"isRefreshing":false,"fetch":{"state":"inFlight"}}"#,
                #"{"phase":"ready","data":{"note":{"id":"cli","text":"note cli"},"partial":{"ok":"ok","failing":null}},"errors":[{"message":"Partial failure","locations":[{"line":8,"column":5}],"path":["partial","failing"],"extensions":{"code":"PARTIAL_FAILURE"}}],"isStale":false,"isRefreshing":false,"fetch":{"state":"idle"}}"#,
            ])
    }

    @Test func watchTakesEventsAndPrintsThemAsJSONLines() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try watch(server, "query W { errorCases { leaf } }", ["--events"])
        #expect(outcome.status == 0)
        let events = try outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
            .map { try JSONValue(parsing: String($0)) }
        #expect(events.contains { $0["event"] == "fetch.started" && $0["operation"] == "W" })
        #expect(events.contains { $0["event"] == "fieldError" && $0["code"] == "LEAF_FAILED" })
    }

    @Test func aFailedFetchPrintsTheFailureAndWhen() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try watch(server, "query W { alwaysFails }")
        #expect(outcome.status == 2)
        let last = try #require(outcome.lines.last)
        #expect(last.contains(#""fetch":{"state":"failed","failure":{"kind":"request","message":"This field always fails"},"at":""#))
        #expect(last.hasPrefix(#"{"phase":"failed""#))
    }

    @Test func aStoreOnlyMissExitsThree() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try watch(server, #"query W { note(id: "none") { id } }"#, ["--policy", "store-only"])
        #expect(outcome.status == 3)
        #expect(outcome.lines.count == 1)
        #expect(outcome.lines[0].contains(#""failure":{"kind":"notInStore""#))
    }

    @Test func aSubscriptionPrintsEachEventUntilItsStreamEnds() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try watch(server, "subscription S { countdown(from: 2, delayMs: 5) { value } }")
        #expect(outcome.status == 0)
        #expect(outcome.lines.last == #"{"phase":"ready","data":{"countdown":{"value":1}},"errors":[],"connection":"ended","resumptions":0}"#)
        #expect(outcome.lines.contains(#"{"phase":"ready","data":{"countdown":{"value":2}},"errors":[],"connection":"open","resumptions":0}"#))
    }
}
