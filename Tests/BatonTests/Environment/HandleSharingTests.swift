import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Which holders share a handle, and a handle released explicitly, against the reference server.
@Suite struct HandleSharingTests {
    @Test func aStoreOnlyWatchGetsAHandleOfItsOwnThatReadsTheStore() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        let environment = Environment(transport: transport, store: MemoryStore())
        let id = freshNoteID()
        let loading = environment.watch(NoteQuery(id: id, delayMs: 200))
        let storeOnly = environment.watch(NoteQuery(id: id, delayMs: 200), policy: .storeOnly)
        #expect(storeOnly !== loading)
        guard case .failed(.notInStore) = storeOnly.phase else {
            Issue.record("a store-only read of what the store lacks is notInStore, got \(storeOnly.phase.name)")
            return
        }
        #expect(!storeOnly.fetch.isInFlight, "a store-only handle never fetches")
        _ = try await loading.result()
        // The other handle's response landed in the store, which the store-only handle reads.
        #expect(storeOnly.phase.data?.note.text == "note \(id)")
        #expect(environment.watch(NoteQuery(id: id, delayMs: 200), policy: .storeOnly) === storeOnly)
        #expect(transport.requests == 1, "only the holder that allows the network fetched")
        #expect(environment.watch(NoteQuery(id: id, delayMs: 200), policy: .storeAndNetwork) === loading)
    }

    @Test func aDisposedHandleStopsItsFetchAndIsNotReturnedAgain() async throws {
        let server = try await ReferenceServer.shared()
        let events = RecordingEventSink()
        let environment = Environment(
            transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(), events: [events])
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id, delayMs: 300))
        #expect(handle.fetch.isInFlight)
        handle.dispose()
        #expect(!handle.fetch.isInFlight, "its fetch stopped")
        var snapshots = 0
        for await _ in handle { snapshots += 1 }
        #expect(snapshots == 1, "its snapshots end after the current one")
        handle.dispose()

        let again = environment.watch(NoteQuery(id: id, delayMs: 300))
        #expect(again !== handle, "watch no longer returns a disposed handle")
        #expect(try await again.result().data.note.text == "note \(id)")
        guard case .loading = handle.phase else {
            Issue.record("the disposed handle shows what it showed, got \(handle.phase.name)")
            return
        }
        #expect(handle.readCount == 0, "a disposed handle is not read again when its records change")
        #expect(events.kinds.filter { $0.name == "store.published" }.count == 1, "only the new handle's fetch stored anything")
    }
}

/// What `mutate` returns: the data with the errors beside it.
@Suite struct MutationResultTests {
    @Test func aMutationTheServerRefusesSaysWhy() async throws {
        let server = try await ReferenceServer.shared()
        let events = RecordingEventSink()
        let environment = Environment(
            transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(), events: [events])
        let id = freshNoteID()
        let result = try await environment.mutate(RefuseNoteMutation(id: id, text: "no"))
        #expect(result.refuseNote == nil)
        #expect(result.errors.map(\.code) == ["REFUSED"])
        #expect(result.errors.first?.path == [.key("refuseNote")])
        #expect(events.kinds.filter { $0.name == "fieldError" }.compactMap { $0.fieldError?.code } == ["REFUSED"])

        let accepted = try await environment.mutate(SetNoteMutation(id: id, text: "yes"))
        #expect(accepted.setNote.text == "yes")
        #expect(accepted.errors.isEmpty)
    }
}
