import Baton
import Foundation
import ReferenceServer
import Synchronization
import Testing

/// What an environment tells its sinks about a fetch: that it started, what it published into
/// the store, and that it ended.
@Suite struct EnvironmentEventsTests {
    final class Recorder: EventSink {
        private let events = Mutex<[Event]>([])
        func receive(_ event: Event) { events.withLock { $0.append(event) } }
        var all: [Event] { events.withLock { $0 } }
    }

    @Test func aFetchPublishesWhatItChangedAndARepeatChangesNothing() async throws {
        let server = try await ReferenceServer.shared()
        let recorder = Recorder()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(), events: [recorder])
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.ready()
        let first = recorder.all.filter { $0.operationName == "Note" }.map(\.kind.name)
        #expect(first == ["fetch.started", "store.published", "fetch.succeeded"])
        let published = recorder.all.compactMap(\.kind.changedRecords)
        #expect(published.count == 1)
        #expect((published.first ?? 0) > 0)

        await handle.refetch()
        #expect(recorder.all.compactMap(\.kind.changedRecords).last == 0)
    }
}
