import Baton
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Each invalidation call against the reference server: what becomes stale, what refetches,
/// and what the image keeps.
@Suite struct InvalidationTests {
    private func environment(_ server: ReferenceServer, store: any Store = MemoryStore()) -> (Environment, CountingTransport) {
        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        return (Environment(transport: transport, store: store), transport)
    }

    @Test func invalidatingAHeldHandleRefetchesIt() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let handle = environment.watch(NoteQuery(id: freshNoteID()))
        _ = try await handle.result()
        handle.invalidate()
        #expect(handle.isStale)
        let fresh = try await handle.first { !$0.isStale && !$0.fetch.isInFlight }
        #expect(fresh.phase.data != nil)
        #expect(transport.requests == 2)
    }

    @Test func invalidatingAStoreOnlyHandleLeavesItStaleWithNoRequest() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let id = freshNoteID()
        _ = try await environment.fetch(NoteQuery(id: id))
        let handle = environment.watch(NoteQuery(id: id), policy: .storeOnly)
        handle.invalidate()
        #expect(handle.isStale)
        #expect(!handle.fetch.isInFlight)
        #expect(transport.requests == 1)
    }

    @Test func invalidatingEverythingRefetchesWhatIsHeldAndMakesTheRestStale() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let (first, second, dropped) = (freshNoteID(), freshNoteID(), freshNoteID())
        let firstHandle = environment.watch(NoteQuery(id: first))
        let secondHandle = environment.watch(NoteDetailQuery(id: second))
        _ = try await firstHandle.result()
        _ = try await secondHandle.result()
        _ = try await environment.fetch(NoteQuery(id: dropped))
        #expect(transport.requests == 3)

        environment.invalidate()
        #expect(firstHandle.isStale && secondHandle.isStale)
        _ = try await firstHandle.first { !$0.isStale && !$0.fetch.isInFlight }
        _ = try await secondHandle.first { !$0.isStale && !$0.fetch.isInFlight }
        #expect(transport.requests == 5, "both held handles refetched")
        // Nothing held the third operation: stale all the same, so store-or-network fetches it.
        #expect(environment.watch(NoteQuery(id: dropped), policy: .storeOnly).isStale)
        _ = try await environment.fetch(NoteQuery(id: dropped))
        #expect(transport.requests == 6)
        #expect(!environment.watch(NoteQuery(id: dropped), policy: .storeOnly).isStale)
    }

    @Test func invalidatingEverythingIsKeptInTheImage() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("invalidate-\(id).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let image = try SQLiteStore(path: path)
            let (environment, _) = environment(server, store: image)
            _ = try await environment.fetch(NoteQuery(id: id))
            environment.invalidate()
            image.close()
        }
        let (relaunched, transport) = environment(server, store: try SQLiteStore(path: path))
        let storeOnly = relaunched.watch(NoteQuery(id: id), policy: .storeOnly)
        #expect(storeOnly.phase.data?.note.text == "note \(id)")
        #expect(storeOnly.isStale, "fetched before the invalidation the image kept")
        _ = try await relaunched.fetch(NoteQuery(id: id))
        #expect(transport.requests == 1)
    }

    @Test func invalidatingARecordMakesStaleExactlyTheOperationsThatSawIt() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let (first, second) = (freshNoteID(), freshNoteID())
        let firstHandle = environment.watch(NoteQuery(id: first))
        let detail = environment.watch(NoteDetailQuery(id: first))
        let secondHandle = environment.watch(NoteQuery(id: second))
        for handle in [firstHandle, secondHandle] { _ = try await handle.result() }
        _ = try await detail.result()
        #expect(transport.requests == 3)

        environment.invalidate(record: RecordID("Note:\(first)"))
        #expect(firstHandle.isStale)
        #expect(detail.isStale)
        #expect(!secondHandle.isStale)
        #expect(transport.requests == 3, "invalidating a record fetches nothing by itself")

        // Revalidation refetches the stale handles only.
        environment.revalidate()
        _ = try await firstHandle.first { !$0.isStale && !$0.fetch.isInFlight }
        _ = try await detail.first { !$0.isStale && !$0.fetch.isInFlight }
        #expect(transport.requests == 5)
        environment.revalidate()
        #expect(!firstHandle.fetch.isInFlight && !secondHandle.fetch.isInFlight, "nothing stale is left")
    }

    @Test func revalidatingRefetchesAHandleWhoseLastFetchFailed() async throws {
        let server = try await ReferenceServer.shared()
        let store = MemoryStore()
        let id = freshNoteID()
        let failing = Environment(transport: CurlTransport(endpoint: server.url("/status/503")), store: store)
        let handle = failing.watch(NoteQuery(id: id))
        let failed = try await handle.first { $0.fetch.failure != nil }
        #expect(failed.fetch.failure?.kind == .transport)
        failing.revalidate()
        #expect(handle.fetch.isInFlight, "a failed fetch is tried again")
        _ = try await handle.first { !$0.fetch.isInFlight }
    }
}
