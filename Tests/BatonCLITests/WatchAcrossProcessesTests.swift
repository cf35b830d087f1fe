import BatonCore
import ChildProcess
import Foundation
import RedisTestServer
import ReferenceServer
import Testing

/// `baton fetch --watch --store redis://…` in one process prints what a mutation run by another
/// `baton fetch` process changed, through the Redis namespace's change feed.
@Suite struct WatchAcrossProcessesTests {
    private static let schema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestServer/schema.graphql").path

    @Test func aWatchOverRedisPrintsAnotherProcesssMutation() async throws {
        let server = try await ReferenceServer.shared()
        let redis = try RedisTestServer()
        defer { redis.stop() }
        let store = redis.url + "#watch"
        let id = UUID().uuidString
        let common = ["--schema", Self.schema, "--endpoint", server.graphqlURL.absoluteString, "--store", store]
        let watcher = try ChildProcess(
            CLIRunner.executable, ["fetch", "--watch", "--query", #"query N { note(id: "\#(id)") { id text } }"#] + common)
        defer { watcher.kill() }
        #expect(Self.waitForOutput(watcher, containing: #""phase":"ready""#, within: 20), "\(String(decoding: watcher.outputSoFar, as: UTF8.self))")

        let mutation = try CLIRunner.run(
            ["fetch", "--query", #"mutation S { setNote(id: "\#(id)", text: "from another process") { id text } }"#] + common)
        #expect(mutation.status == 0, "\(mutation.standardError)")

        #expect(
            Self.waitForOutput(watcher, containing: "from another process", within: 10),
            "the watcher printed: \(String(decoding: watcher.outputSoFar, as: UTF8.self))")
        #expect(watcher.isRunning, "the watch over a shared store stopped when its handle settled")
    }

    /// Waits until the process's output holds `text`.
    static func waitForOutput(_ process: ChildProcess, containing text: String, within seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if String(decoding: process.outputSoFar, as: UTF8.self).contains(text) { return true }
            usleep(5_000)
        }
        return false
    }
}
