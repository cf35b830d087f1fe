import BatonCore
import BatonStoreSQLite
import ChildProcess
import Foundation
import Testing

/// Other processes writing the image: a field error read back identical, writers killed in the
/// middle of their writes, and two processes writing and reading side by side.
///
/// These tests start processes and keep both cores busy; they belong in `make test`'s CPU-bound pass.
@Suite struct SQLiteStoreProcessTests {
    let directory = ImageDirectory()

    /// The `baton-image-writer` executable beside this test binary.
    static var writerExecutable: URL {
        let testBundle =
            Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }?.bundleURL
            ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return testBundle.deletingLastPathComponent().appendingPathComponent("baton-image-writer")
    }

    /// Starts the writer with `arguments`.
    static func start(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(writerExecutable, arguments)
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outcome = try start(arguments).wait(timeLimit: .seconds(120))
        return (outcome.status, outcome.outputText)
    }

    @Test func aFieldErrorWithExtensionsWrittenByAnotherProcessReadsBackIdentical() throws {
        let path = directory.path()
        let text =
            #"{"message":"Could not load \"name\" ✗","locations":[{"line":3,"column":7}],"path":["hero","friends",2,"name"],"extensions":{"code":"UPSTREAM_TIMEOUT","retryable":true,"attempts":3,"delay":0.25,"detail":{"service":"people","hosts":["a","b"],"cause":null},"empty":{}}}"#
        let expected = try GraphQLError(json: try JSONValue(parsing: text))
        let outcome = try Self.run(["error", path, text])
        #expect(outcome.status == 0)
        #expect(outcome.output == "stored\n")
        let store = try SQLiteStore(path: path)
        let held = store.read(StoreRead(ids: [RecordID("holder")]))[RecordID("holder")]
        #expect(held?.fields[FieldKey("failed")] == .errors([expected]))
        #expect(store.operation(OperationKey(operationID: "Failing", variables: "{}"))?.errors == [expected])
        // Member order and kinds survive too: the error prints back as the text it was written from.
        guard case .errors(let errors)? = held?.fields[FieldKey("failed")] else { return }
        #expect(errors.first?.json.serialized() == text)
    }

    /// Kills a writer 50 times, each at a random moment of its stream of writes, reopening the
    /// image after each: it opens, SQLite finds it sound, every write the writer saw return is
    /// there, and each write is there whole or not at all.
    @Test func killedWritersLoseNoWriteThatReturnedAndLeaveNoDamage() throws {
        let path = directory.path()
        var next = 0
        var generator = SystemRandomNumberGenerator()
        for kill in 0..<50 {
            let writer = try Self.start(["stream", path, String(next)])
            // Waits for the first write, then lets it write for a random while.
            _ = writer.waitForLines(1, within: 10)
            usleep(UInt32.random(in: 1_000...40_000, using: &generator))
            writer.kill()
            let printed = try writer.wait(timeLimit: .seconds(30)).outputText
            // Only whole lines: the last may have been cut by the kill.
            let acknowledged =
                printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { Int($0) }.max()
                ?? (next - 1)

            let store = try SQLiteStore(path: path)
            #expect(try store.integrityCheck() == ["ok"], "after kill \(kill)")
            let counter = store.read(StoreRead(ids: [RecordID("counter")]))[RecordID("counter")]
            guard case .scalar(.int(let last))? = counter?.fields[FieldKey("last")] else {
                Issue.record("after kill \(kill): no counter")
                return
            }
            #expect(Int(last) >= acknowledged, "after kill \(kill): write \(acknowledged) returned, but the image ends at \(last)")
            let ids = (0...Int(last) + 1).map { RecordID("w-\($0)") }
            let held = store.read(StoreRead(ids: ids))
            #expect(held.count == Int(last) + 1, "after kill \(kill): \(held.count) of the \(Int(last) + 1) writes up to the counter are there")
            #expect(held[RecordID("w-\(last + 1)")] == nil, "after kill \(kill): a write past the counter is there, so a write was torn")
            let fetched = store.operation(OperationKey(operationID: "Stream", variables: "{}"))?.fetched
            #expect(
                fetched.map { Int(($0.timeIntervalSince1970 * 1000).rounded()) } == Int(last),
                "after kill \(kill): the operation's fetch time is not the counter's")
            store.close()
            next = Int(last) + 1
        }
        #expect(next > 50)
    }

    /// Two processes write their own records and merge into one shared record, and read them
    /// back, for a few seconds (BATON_IMAGE_SIDE_BY_SIDE_SECONDS, 3 by default), while this
    /// process reads the image too: no error, and no write is lost.
    @Test func twoProcessesWriteAndReadOneImageSideBySide() throws {
        let path = directory.path()
        let seconds = ProcessInfo.processInfo.environment["BATON_IMAGE_SIDE_BY_SIDE_SECONDS"] ?? "3"
        let names = ["left", "right"]
        let writers = try names.map { try Self.start(["side", path, $0, seconds]) }
        let reader = try SQLiteStore(path: path)
        var seen: [String: Int64] = [:]
        while writers.contains(where: \.isRunning) {
            let shared = reader.read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")]
            for name in names {
                guard case .scalar(.int(let step))? = shared?.fields[FieldKey(name)] else { continue }
                #expect(step >= seen[name] ?? 0, "\(name) went back from \(seen[name] ?? 0) to \(step)")
                seen[name] = step
            }
            usleep(2_000)
        }
        var counts: [String: Int] = [:]
        for (name, writer) in zip(names, writers) {
            let outcome = try writer.wait(timeLimit: .seconds(120))
            #expect(outcome.status == 0, "\(name) failed: \(outcome.errorText)")
            counts[name] = Int(outcome.outputText.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let store = try SQLiteStore(path: path)
        let shared = store.read(StoreRead(ids: [RecordID("shared")]))[RecordID("shared")]
        for name in names {
            let count = try #require(counts[name])
            #expect(count > 10, "\(name) made only \(count) writes")
            let held = store.read(StoreRead(ids: (0..<count).map { RecordID("\(name)-\($0)") }))
            #expect(held.count == count, "\(name) wrote \(count) records; \(held.count) are there")
            #expect(shared?.fields[FieldKey(name)] == .scalar(.int(Int64(count - 1))), "shared.\(name) lost a merge")
        }
        #expect(try store.integrityCheck() == ["ok"])
    }
}

extension SQLiteStoreProcessTests {
    /// Four processes open an image that does not exist yet at the same moment: one creates it,
    /// and every one of them opens it and writes.
    @Test func processesCreatingOneImageAtOnceAllOpenIt() throws {
        for round in 0..<3 {
            let path = directory.path("created-\(round).sqlite")
            let writers = try (0..<4).map { try Self.start(["side", path, "p\($0)", "0.3"]) }
            for (index, writer) in writers.enumerated() {
                let outcome = try writer.wait(timeLimit: .seconds(120))
                #expect(outcome.status == 0, "process \(index) of round \(round) failed: \(outcome.errorText)")
            }
        }
    }
}
