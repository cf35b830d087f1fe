import Baton
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Handles over the image (``SQLiteStore``): each read comes from one snapshot of it, a handle is
/// re-read when a record it saw changes, and a collection takes unretained records from the file.
@Suite struct ImageHandleTests {
    /// A fresh image's path, and a function that removes it and its log.
    private func imagePath() -> (String, @Sendable () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("handles-\(UUID().uuidString).sqlite").path
        return (path, { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } })
    }

    private static let unreachable = URL(string: "http://127.0.0.1:9/graphql")!

    @Test func aHandleOverAnImageGetsReadyAndIsRereadWhenARecordItSawChanges() async throws {
        let server = try await ReferenceServer.shared()
        let (path, remove) = imagePath()
        defer { remove() }
        let image = try SQLiteStore(path: path)
        #expect((image as any Store) is any SnapshotStore)
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: image)
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.result()
        let ready = handle.snapshot
        #expect(ready.phase.data?.note.text == "note \(id)")
        #expect(!ready.isStale)
        let other = environment.watch(NoteQuery(id: "other-\(id)"), policy: .storeAndNetwork)
        _ = try await other.result()

        let reads = (handle.readCount, other.readCount)
        try environment.commitPayload(NoteQuery(id: id), data: HandleNotifyTests.payload(id: id, text: "changed"))
        #expect(handle.phase.data?.note.text == "changed")
        #expect(handle.readCount == reads.0 + 1)
        #expect(other.readCount == reads.1, "a handle that saw no changed record is not read again")
        #expect(image.read(StoreRead(ids: [RecordID("Note:\(id)")]))[RecordID("Note:\(id)")]?.fields[FieldKey("text")] == .scalar("changed"))
    }

    @Test func aCollectionTakesUnretainedRecordsFromTheFileAndKeepsWhatALiveHandleReads() throws {
        let (path, remove) = imagePath()
        defer { remove() }
        let image = try SQLiteStore(path: path)
        let environment = Environment(
            transport: CurlTransport(endpoint: Self.unreachable), store: image, options: Environment.Options(releaseBufferSize: 0))
        for id in ["a", "b", "c"] {
            try environment.commitPayload(NoteQuery(id: id), data: HandleNotifyTests.payload(id: id, text: id))
        }
        let live = environment.watch(NoteQuery(id: "a"), policy: .storeOnly)
        let retained = environment.watch(NoteQuery(id: "b"), policy: .storeOnly).retain()

        let collected = try environment.collect()
        #expect(collected == [RecordID("Note:c")])
        #expect(live.phase.data?.note.text == "a")
        #expect(image.recordSnapshot().record(RecordID("Note:c")) == nil, "the image's memory no longer holds it")

        retained.release()
        // With no release buffer, letting go of "b" collected its record at once.
        #expect(image.recordSnapshot().record(RecordID("Note:b")) == nil)
        #expect(live.phase.data?.note.text == "a")
        image.close()

        let reopened = try SQLiteStore(path: path)
        let held = Set(reopened.allRecords().keys)
        #expect(held.contains(RecordID("Note:a")))
        #expect(held.contains(RecordID.queryRoot), "the root is kept, never followed")
        #expect(!held.contains(RecordID("Note:b")) && !held.contains(RecordID("Note:c")), "\(held.sorted())")
        let relaunched = Environment(transport: CurlTransport(endpoint: Self.unreachable), store: reopened)
        #expect(relaunched.watch(NoteQuery(id: "a"), policy: .storeOnly).phase.data?.note.text == "a")
    }

    @Test func handlesOverAnImageFollowWritesFromManyTasks() async throws {
        let (path, remove) = imagePath()
        defer { remove() }
        let environment = Environment(transport: CurlTransport(endpoint: Self.unreachable), store: try SQLiteStore(path: path))
        let ids = (0..<8).map { "n\($0)" }
        for id in ids {
            try environment.commitPayload(NoteQuery(id: id), data: HandleNotifyTests.payload(id: id, text: "0"))
        }
        let handles = ids.map { environment.watch(NoteQuery(id: $0), policy: .storeOnly) }
        await withTaskGroup(of: Void.self) { group in
            for id in ids {
                group.addTask {
                    for step in 1...40 {
                        try? environment.commitPayload(NoteQuery(id: id), data: HandleNotifyTests.payload(id: id, text: "\(step)"))
                    }
                }
                group.addTask {
                    for _ in 0..<40 { _ = try? environment.collect() }
                }
            }
        }
        for handle in handles {
            #expect(handle.phase.data?.note.text == "40", "\(handle.operation.variables.id): \(handle.phase.name)")
        }
    }
}
