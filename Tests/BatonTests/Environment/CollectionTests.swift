import Baton
import EnvironmentTestSupport
import Foundation
import Testing

/// Retention and collection through an environment: nothing a live handle can read is collected.
@Suite struct CollectionTests {
    private func environment(bufferSize: Int) throws -> (Environment, MemoryStore) {
        let store = MemoryStore()
        let environment = Environment(
            transport: CurlTransport(endpoint: URL(string: "http://127.0.0.1:9/graphql")!), store: store,
            options: Environment.Options(releaseBufferSize: bufferSize))
        for id in ["a", "b", "c"] {
            try environment.commitPayload(NoteQuery(id: id), data: HandleNotifyTests.payload(id: id, text: id))
        }
        return (environment, store)
    }

    @Test func whatLiveHandlesReadIsKeptAndTheRestIsCollected() throws {
        let (environment, store) = try environment(bufferSize: 10)
        let handle = environment.watch(NoteQuery(id: "a"), policy: .storeOnly)
        let collected = try environment.collect()
        #expect(Set(collected) == [RecordID("Note:b"), RecordID("Note:c")])
        #expect(handle.phase.data?.note.text == "a")
        #expect(store.recordIDs.contains(RecordID("Note:a")))
    }

    @Test func aRetainedOperationOutlivesItsHandleUntilPushedOutOfTheReleaseBuffer() throws {
        let (environment, store) = try environment(bufferSize: 1)
        var retentions: [Retention] = []
        for id in ["a", "b"] {
            let handle = environment.watch(NoteQuery(id: id), policy: .storeOnly)
            retentions.append(handle.retain())
        }
        // The handles are gone; the retained operations keep their records.
        #expect(Set(try environment.collect()) == [RecordID("Note:c")])
        retentions[0].release()
        // "a" waits in the buffer of one.
        #expect(try environment.collect().isEmpty)
        retentions[1].release()
        // "b" entering the buffer pushed "a" out, and a collection ran.
        #expect(!store.recordIDs.contains(RecordID("Note:a")))
        #expect(store.recordIDs.contains(RecordID("Note:b")))
    }
}
