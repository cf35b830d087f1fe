import BatonCore
import Foundation
import ReferenceServer
import Testing

/// Every option `baton fetch` documents combines with every other it documents: each pair runs
/// against the reference server, exits 0 and prints JSON on standard output.
@Suite struct FetchFlagCombinationTests {
    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TestServer/schema.graphql").standardizedFileURL.path

    /// The options, each with a value that works beside the base command line.
    static func options(image: String) -> [(name: String, arguments: [String])] {
        [
            ("--watch", ["--watch"]),
            ("--store memory", ["--store", "memory"]),
            ("--store sqlite", ["--store", "sqlite:" + image]),
            ("--policy", ["--policy", "store-and-network"]),
            ("--events", ["--events"]),
            ("--transport", ["--transport", "foundation"]),
            ("--operation-name", ["--operation-name", "Q"]),
            ("--timeout", ["--timeout", "10"]),
            ("--on-error", ["--on-error", "NULL"]),
            ("--header", ["--header", "X-Combination: yes"]),
        ]
    }

    @Test func everyPairOfOptionsRunsAndPrintsJSON() async throws {
        let server = try await ReferenceServer.shared()
        let folder = try temporaryDirectory()
        let base = [
            "fetch", "--endpoint", server.graphqlURL.absoluteString, "--schema", Self.schema,
            "--variables", #"{"id":"1"}"#, "--query", "query Q($id: ID!) { character(id: $id) { id name } }",
        ]
        var run = 0
        var failures: [String] = []
        for first in Self.options(image: "").indices {
            for second in Self.options(image: "").indices where second > first {
                run += 1
                let options = Self.options(image: folder.appendingPathComponent("pair-\(run).sqlite").path)
                let (a, b) = (options[first], options[second])
                if a.name.hasPrefix("--store"), b.name.hasPrefix("--store") { continue }
                let outcome = try CLIRunner.run(base + a.arguments + b.arguments)
                let printsJSON = !outcome.lines.isEmpty && outcome.lines.allSatisfy { (try? JSONValue(parsing: $0)) != nil }
                if outcome.status != 0 || !printsJSON {
                    failures.append("\(a.name) \(b.name): exit \(outcome.status), \(outcome.standardError.prefix(200))")
                }
            }
        }
        #expect(run == 45)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func everyPairOfOptionsRunsWithAConfigurationFileToo() async throws {
        let server = try await ReferenceServer.shared()
        let folder = try temporaryDirectory()
        let file = folder.appending(path: "baton.json")
        let configuration = #"{"schema": "\#(Self.schema)", "documents": "x", "output": "x", "endpoint": "\#(server.graphqlURL.absoluteString)"}"#
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let base = [
            "fetch", "--config", file.path(), "--variables", #"{"id":"1"}"#, "--query", "query Q($id: ID!) { character(id: $id) { id name } }",
        ]
        var runs = 0
        var failures: [String] = []
        let names = Self.options(image: "").map(\.name) + ["--schema"]
        for first in names.indices {
            for second in names.indices where second > first {
                runs += 1
                let options =
                    Self.options(image: folder.appendingPathComponent("config-pair-\(runs).sqlite").path) + [("--schema", ["--schema", Self.schema])]
                let (a, b) = (options[first], options[second])
                if a.name.hasPrefix("--store"), b.name.hasPrefix("--store") { continue }
                let outcome = try CLIRunner.run(base + a.arguments + b.arguments)
                let printsJSON = !outcome.lines.isEmpty && outcome.lines.allSatisfy { (try? JSONValue(parsing: $0)) != nil }
                if outcome.status != 0 || !printsJSON {
                    failures.append("\(a.name) \(b.name): exit \(outcome.status), \(outcome.standardError.prefix(200))")
                }
            }
        }
        #expect(runs == 55)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
