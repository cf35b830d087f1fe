import Baton
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Each transition of an operation handle, against the reference server.
@Suite struct HandleTransitionTests {
    private func environment(
        _ server: ReferenceServer, store: MemoryStore = MemoryStore(), options: Environment.Options = Environment.Options()
    ) -> (Environment, CountingTransport) {
        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        return (Environment(transport: transport, store: store, options: options), transport)
    }

    @Test func loadingThenReady() async throws {
        let (environment, _) = environment(try await ReferenceServer.shared())
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        guard case .loading = handle.phase else {
            Issue.record("a new handle starts loading, got \(handle.phase.name)")
            return
        }
        #expect(handle.fetch.isInFlight)
        _ = try await handle.result()
        let ready = handle.snapshot
        #expect(ready.phase.data?.note.text == "note \(id)")
        #expect(!ready.isStale)
        #expect(!ready.isRefreshing)
        guard case .idle = handle.fetch else {
            Issue.record("the fetch is done: \(handle.fetch)")
            return
        }
    }

    @Test func aRefreshKeepsTheOldDataVisibleUntilTheNewArrives() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, _) = environment(server)
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id, delayMs: 300))
        _ = try await handle.result()
        _ = try await CurlTransport(endpoint: server.graphqlURL).response(for: SetNoteMutation(id: id, text: "changed").request())

        let refresh = Task { await handle.refetch() }
        let refreshing = try await handle.first { $0.isRefreshing }
        #expect(refreshing.phase.data?.note.text == "note \(id)")
        await refresh.value
        #expect(handle.phase.data?.note.text == "changed")
        #expect(!handle.isRefreshing)
    }

    @Test func aFailedRefreshKeepsTheDataAndSaysHowAndWhenItFailed() async throws {
        let server = try await ReferenceServer.launch()
        let (environment, _) = environment(server)
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.result()
        server.terminate()

        let before = Date()
        await handle.refetch()
        #expect(handle.phase.data?.note.text == "note \(id)")
        guard case .failed(let failure, let at) = handle.fetch else {
            Issue.record("the refresh failed: \(handle.fetch)")
            return
        }
        #expect(failure.kind == .transport)
        #expect(at >= before && at <= Date())
        #expect(!handle.isRefreshing)
    }

    @Test func missingDataMakesTheHandleStaleAndRefetchesItOnce() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let handle = environment.watch(ItemOwnerQuery())
        #expect(try await handle.result().data.ownerNames == ["Owner 0"])
        #expect(transport.requests == 1)

        let seenStale = Task { try await handle.first { !$0.missing.isEmpty } }
        // Another operation retargets the item's owner to a user fetched without a name.
        try environment.commitPayload(
            ItemOwnerIDQuery(),
            data: ItemOwnerIDQuery.Data(items: [.init(id: "item-0", owner: .init(id: "user-99"))]))
        let stale = try await seenStale.value
        #expect(stale.isStale)
        #expect(stale.missing.map(\.description) == ["ItemOwner read User:user-99.name"])
        #expect(stale.phase.data?.ownerNames == [""])

        let healed = try await handle.first { $0.missing.isEmpty && !$0.fetch.isInFlight }
        #expect(healed.phase.data?.ownerNames == ["Owner 0"])
        #expect(!healed.isStale)
        try await Task.sleep(for: .milliseconds(100))
        #expect(transport.requests == 2)
    }

    @Test func aStoreOnlyMissIsAVerdictAndNeverGoesToTheNetwork() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let handle = environment.watch(NoteQuery(id: freshNoteID()), policy: .storeOnly)
        guard case .failed(.notInStore(let missing)) = handle.phase else {
            Issue.record("a store-only miss fails as not in the store, got \(handle.phase.name)")
            return
        }
        #expect(!missing.isEmpty)
        guard case .idle = handle.fetch else {
            Issue.record("no fetch: \(handle.fetch)")
            return
        }
        #expect(transport.requests == 0)
    }

    @Test func twoHoldersOfOneOperationShareOneHandleAndOneRequest() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let id = freshNoteID()
        let first = environment.watch(NoteQuery(id: id, delayMs: 100))
        let second = environment.watch(NoteQuery(id: id, delayMs: 100))
        #expect(first === second)
        _ = try await second.result()
        #expect(transport.requests == 1)
    }

    @Test func whenTheLastHolderLetsGoTheHandleGoesWithItsFetchInFlight() async throws {
        let (environment, _) = environment(try await ReferenceServer.shared())
        let id = freshNoteID()
        var handle: OperationHandle<NoteQuery>? = environment.watch(NoteQuery(id: id, delayMs: 300))
        #expect(handle?.fetch.isInFlight == true)
        weak let gone = handle
        handle = nil
        // Nothing but the holder kept it: the fetch's task holds it weakly, and its deinit cancels the fetch.
        #expect(gone == nil)
        // A new holder gets a new handle, which fetches again.
        let again = environment.watch(NoteQuery(id: id, delayMs: 300))
        #expect(again.fetch.isInFlight)
        #expect(try await again.result().data.note.text == "note \(id)")
    }

    @Test func expirationMakesAHandleStaleWithoutATimer() async throws {
        let (environment, _) = environment(
            try await ReferenceServer.shared(), options: Environment.Options(expiration: .seconds(1)))
        let handle = environment.watch(NoteQuery(id: freshNoteID()))
        _ = try await handle.result()
        #expect(!handle.isStale)
        let reads = handle.readCount
        try await Task.sleep(for: .milliseconds(1200))
        #expect(handle.isStale)
        #expect(handle.readCount == reads)
    }

    @Test func anOperationsOwnExpirationOverridesTheEnvironments() async throws {
        let (environment, _) = environment(
            try await ReferenceServer.shared(), options: Environment.Options(expiration: .seconds(3600)))
        let handle = environment.watch(ExpiringNoteQuery(id: freshNoteID()))
        _ = try await handle.result()
        #expect(!handle.isStale)
        try await Task.sleep(for: .milliseconds(1200))
        #expect(handle.isStale)
    }

    @Test func aRelaunchWithTheImageStartsReadyAndBecomesStaleWhenItsFetchExpires() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(id).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let image = try SQLiteStore(path: path)
            let first = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: image)
            _ = try await first.watch(NoteQuery(id: id)).result()
            image.close()
        }
        let options = Environment.Options(expiration: .seconds(1))
        let reopened = Environment(
            transport: CurlTransport(endpoint: server.graphqlURL), store: try SQLiteStore(path: path), options: options)
        let handle = reopened.watch(NoteQuery(id: id), policy: .storeOnly)
        #expect(handle.phase.data?.note.text == "note \(id)")
        #expect(handle.snapshot.fetched != nil)
        #expect(!handle.isStale)
        try await Task.sleep(for: .milliseconds(1200))
        #expect(handle.isStale)
    }

    @Test func anInvalidationOutlivesARelaunchWithTheImageAndIsRefetchedUnderStoreOrNetwork() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(id).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        do {
            let image = try SQLiteStore(path: path)
            let first = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: image)
            let handle = first.watch(NoteQuery(id: id))
            _ = try await handle.result()
            #expect(!handle.isStale)
            handle.invalidate()
            #expect(handle.isStale)
            // The refetch the invalidation started is cancelled before it can answer, so the
            // image keeps the invalidation.
            handle.dispose()
            image.close()
        }
        // Store-only: ready with the kept data, stale, and no request.
        let quiet = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        let storeOnly = Environment(transport: quiet, store: try SQLiteStore(path: path)).watch(NoteQuery(id: id), policy: .storeOnly)
        #expect(storeOnly.phase.data?.note.text == "note \(id)")
        #expect(storeOnly.isStale)
        #expect(quiet.requests == 0)

        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        let image = try SQLiteStore(path: path)
        let environment = Environment(transport: transport, store: image)
        let handle = environment.watch(NoteQuery(id: id))
        #expect(handle.phase.data?.note.text == "note \(id)", "ready at once with what the image kept")
        #expect(handle.isStale)
        #expect(handle.isRefreshing, "store-or-network refetches an invalidated operation")
        let fresh = try await handle.first { !$0.isStale && !$0.fetch.isInFlight }
        #expect(fresh.phase.data?.note.text == "note \(id)")
        #expect(transport.requests == 1)
        #expect(image.operation(handle.key)?.isInvalidated == false, "the refetch outdated the kept invalidation")
    }

    @Test func aRelaunchWithAKeptStoreStartsReadyAndStaleAsItShould() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let firstStore = MemoryStore()
        do {
            let (environment, _) = environment(server, store: firstStore)
            _ = try await environment.watch(NoteQuery(id: id)).result()
        }
        // The store as it would be reopened two hours later.
        var kept = firstStore.snapshot()
        for key in kept.operations.keys { kept.operations[key]?.fetched = Date().addingTimeInterval(-7200) }

        let (expiring, expiringTransport) = environment(
            server, store: MemoryStore(snapshot: kept), options: Environment.Options(expiration: .seconds(3600)))
        let old = expiring.watch(NoteQuery(id: id), policy: .storeOnly)
        #expect(old.phase.data?.note.text == "note \(id)")
        #expect(old.isStale)
        #expect(expiringTransport.requests == 0)

        let (lasting, _) = environment(server, store: MemoryStore(snapshot: kept))
        let kept2 = lasting.watch(NoteQuery(id: id), policy: .storeOnly)
        #expect(kept2.phase.data?.note.text == "note \(id)")
        #expect(!kept2.isStale)
    }
}
