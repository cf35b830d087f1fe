import Baton
import ChildProcess
import Foundation
import RedisTestServer
import Testing

/// Processes sharing one store, each holding handles on every member's record while each writes
/// its own: every handle in every process converges on every member's last write, through the
/// store's change feed (a Redis namespace's channel, a SQLite image's sequence numbers).
@Suite struct FleetTests {
    /// The `baton-fleet-member` executable beside this test binary.
    static var memberExecutable: URL {
        let testBundle =
            Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("baton-fleet-member")
    }

    /// How long after its own last write each member may take to see every member's last write.
    static let bound = 5_000

    /// Runs `members` processes on `store`, each writing `writes` times, and checks each converged
    /// within ``bound``. - Returns: each member's milliseconds to converge.
    static func runFleet(_ store: String, members: Int, writes: Int) throws -> [Int] {
        let processes = try (0..<members).map { member in
            try ChildProcess(memberExecutable, [store, String(member), String(members), String(writes)])
        }
        var times: [Int] = []
        for (member, process) in processes.enumerated() {
            let outcome = try process.wait(timeLimit: .seconds(60))
            let lines = outcome.outputText.split(separator: "\n")
            #expect(outcome.status == 0, "member \(member): \(outcome.outputText) \(outcome.errorText)")
            guard let last = lines.last, last.hasPrefix("converged "), let time = Int(last.dropFirst("converged ".count)) else {
                Issue.record("member \(member) did not converge: \(outcome.outputText) \(outcome.errorText)")
                continue
            }
            #expect(time <= bound, "member \(member) took \(time) ms to see every member's last write")
            times.append(time)
        }
        return times
    }

    @Test func fourProcessesOnOneRedisNamespaceConvergeOnEveryLastWrite() throws {
        let server = try RedisTestServer()
        defer { server.stop() }
        let times = try Self.runFleet("redis:\(server.url)#fleet", members: 4, writes: 50)
        #expect(times.count == 4)
        // What every process saw is what the namespace holds.
        let store = try RedisStore(options: .init(url: server.url, namespace: "fleet"))
        let held = try store.read(StoreRead(ids: (0..<4).map { RecordID("Note:\($0)") }))
        for member in 0..<4 {
            #expect(held[RecordID("Note:\(member)")]?.fields[FieldKey("text")] == .scalar(.string("\(member)-50")))
        }
    }

    @Test func twoProcessesOnOneSQLiteImageConvergeThroughItsFeed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-fleet-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let times = try Self.runFleet("sqlite:" + directory.appendingPathComponent("shared.sqlite").path, members: 2, writes: 30)
        #expect(times.count == 2)
    }
}
