import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// `environment.preload` against the reference server: joined by a later watch, cancelled when
/// dropped before one.
@Suite struct PreloadTests {
    @Test func aWatchAfterAPreloadJoinsItsFetch() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        let environment = Environment(transport: transport, store: MemoryStore())
        let id = freshNoteID()
        let preloaded = environment.preload(NoteQuery(id: id, delayMs: 200))
        #expect(preloaded.operation.variables.id == id)
        try await Task.sleep(for: .milliseconds(50))
        let handle = environment.watch(NoteQuery(id: id, delayMs: 200))
        #expect(handle.fetch.isInFlight, "the preload's fetch, joined")
        #expect(try await handle.result().data.note.text == "note \(id)")
        #expect(transport.requests == 1)
        // Once watched, letting go of the preload leaves the handle as it is.
        preloaded.dispose()
        #expect(handle.phase.data != nil)
    }

    @Test func aPreloadDroppedBeforeAnyWatchCancelsItsFetch() async throws {
        let server = try await ReferenceServer.shared()
        let events = RecordingEventSink()
        let store = MemoryStore()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store, events: [events])
        let id = freshNoteID()
        var preloaded: PreloadedOperation<NoteQuery>? = environment.preload(NoteQuery(id: id, delayMs: 300))
        try await Task.sleep(for: .milliseconds(50))
        #expect(events.kinds.filter { $0.name == "fetch.started" }.count == 1)
        preloaded = nil
        _ = preloaded
        try await Task.sleep(for: .milliseconds(600))
        #expect(events.kinds.filter { $0.name == "store.published" }.isEmpty, "the cancelled fetch stored nothing")
        #expect(events.kinds.filter { $0.name == "fetch.succeeded" }.isEmpty)
        let key = environment.watch(NoteQuery(id: id, delayMs: 300), policy: .storeOnly).key
        #expect(store.operation(key) == nil)

        // Disposing of a preload explicitly cancels it as well.
        let disposed = environment.preload(NoteQuery(id: id, delayMs: 300))
        try await Task.sleep(for: .milliseconds(50))
        disposed.dispose()
        try await Task.sleep(for: .milliseconds(600))
        #expect(events.kinds.filter { $0.name == "store.published" }.isEmpty)
    }
}
