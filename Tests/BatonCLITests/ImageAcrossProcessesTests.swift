import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `baton fetch --watch --store sqlite:PATH`: what one process fetched into an image, another
/// reads back with `--policy store-only`, field errors and their extensions identical.
@Suite struct ImageAcrossProcessesTests {
    private static let schema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TestServer/schema.graphql").path

    @Test func aFieldErrorFetchedByOneProcessIsReadBackIdenticalByAnother() async throws {
        let server = try await ReferenceServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = "sqlite:" + folder.appendingPathComponent("image.sqlite").path
        let query = #"query W { note(id: "image") { id text } partial { ok failing } }"#
        let common = [
            "fetch", "--watch", "--schema", Self.schema, "--endpoint", server.graphqlURL.absoluteString, "--query", query, "--store", store,
        ]

        let fetched = try CLIRunner.run(common)
        #expect(fetched.status == 0, "\(fetched.standardError)")
        let fresh = try JSONValue(parsing: try #require(fetched.lines.last))
        #expect(fresh["phase"] == "ready")
        #expect(fresh["errors"]?[0]?["extensions"] == ["code": "PARTIAL_FAILURE"])

        let cached = try CLIRunner.run(common + ["--policy", "store-only"])
        #expect(cached.status == 0, "\(cached.standardError)")
        let read = try JSONValue(parsing: try #require(cached.lines.last))
        #expect(read["phase"] == "ready")
        #expect(read["data"] == fresh["data"])
        #expect(read["errors"] == fresh["errors"], "the cached read's errors differ from the fresh read's")
        #expect(read["isStale"] == false, "the fetch time did not survive into the other process")
    }

    /// The same through plain `baton fetch --store sqlite:PATH`, which prints what it reads back
    /// from the store.
    @Test func plainFetchThroughAnImageReadsBackIdenticalErrorsInAnotherProcess() async throws {
        let server = try await ReferenceServer.shared()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = "sqlite:" + folder.appendingPathComponent("image.sqlite").path
        let query = #"query P { partial { ok failing } }"#
        let common = ["fetch", "--schema", Self.schema, "--endpoint", server.graphqlURL.absoluteString, "--query", query, "--store", store]

        let fetched = try CLIRunner.run(common)
        #expect(fetched.status == 0, "\(fetched.standardError)")
        let fresh = try JSONValue(parsing: fetched.standardOutput)
        #expect(fresh["source"] == "network")
        #expect(fresh["errors"]?[0]?["extensions"] == ["code": "PARTIAL_FAILURE"])

        let cached = try CLIRunner.run(common + ["--policy", "store-only"])
        #expect(cached.status == 0, "\(cached.standardError)")
        let read = try JSONValue(parsing: cached.standardOutput)
        #expect(read["source"] == "store")
        #expect(read["data"] == fresh["data"])
        #expect(read["errors"] == fresh["errors"], "the cached read's errors differ from the fresh read's")
    }

    @Test func anUnreadableImageExits65AndIsLeftAsItWas() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baton-image-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("image.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: path)
        let outcome = try CLIRunner.run([
            "fetch", "--schema", Self.schema, "--endpoint", "http://127.0.0.1:1/graphql", "--query", "{ hello }",
            "--store", "sqlite:" + path.path, "--policy", "store-only",
        ])
        #expect(outcome.status == 65, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(path.path), "\(outcome.standardError)")
        #expect(try Data(contentsOf: path) == garbage)
    }
}
