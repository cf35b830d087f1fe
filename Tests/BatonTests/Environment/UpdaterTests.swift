import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Updaters against the reference server: `commitUpdate`, a mutation's updater in the same write
/// as its answer, and an optimistic updater rebased on a commit beneath it and rolled back exactly.
@Suite struct UpdaterTests {
    private func environment(_ server: ReferenceServer, events: RecordingEventSink = RecordingEventSink()) -> (Environment, CountingTransport) {
        let transport = CountingTransport(CurlTransport(endpoint: server.graphqlURL))
        return (Environment(transport: transport, store: MemoryStore(), events: [events]), transport)
    }

    @Test func commitUpdateSetsFieldsAndLinksAndReReadsOnlyTheHandlesThatSawThem() async throws {
        let (environment, transport) = environment(try await ReferenceServer.shared())
        let (id, otherID) = (freshNoteID(), freshNoteID())
        let detail = environment.watch(NoteDetailQuery(id: id))
        let other = environment.watch(NoteQuery(id: otherID))
        _ = try await detail.result()
        _ = try await other.result()
        let otherReads = other.readCount

        try environment.commitUpdate { store in
            guard let note = store[RecordID("Note:\(id)")] else { return }
            #expect(note.typename == "Note")
            #expect(note.value("text", as: String.self) == "note \(id)")
            note.setValue("edited here", for: "text")
            note.setValue((note.value("revision", as: Int.self) ?? 0) + 5, for: "revision")
            let author = store.create(RecordID("User:local-\(id)"), typename: "User")
            author.setValue("local-\(id)", for: "id")
            author.setValue("Ada", for: "name")
            note.setLinkedRecord(author, for: "author")
            #expect(store.root.linkedRecord("note", arguments: ["id": .string(id)])?.id == note.id)
        }
        let data = try #require(detail.phase.data)
        #expect(data.note.text == "edited here")
        #expect(data.note.revision == 5)
        #expect(data.note.authorName == "Ada")
        #expect(other.readCount == otherReads, "a handle that saw none of the records is not read again")
        #expect(transport.requests == 2)
    }

    @Test func listsOfLinksAndDeletedRecordsReadAsTheUpdaterLeftThem() async throws {
        let (environment, _) = environment(try await ReferenceServer.shared())
        _ = try await environment.fetch(ItemOwnerQuery())
        try environment.commitUpdate { store in
            let items = try #require(store.root.linkedRecords("items", arguments: ["count": 1]))
            #expect(items.count == 1)
            let copy = store.create(RecordID("Item:local"), typename: "Item")
            copy.setValue("local", for: "id")
            copy.setValue("A local item", for: "name")
            copy.setLinkedRecord(items[0]?.linkedRecord("owner"), for: "owner")
            store.root.setLinkedRecords(items + [copy], for: "items", arguments: ["count": 1])
        }
        let items = try await environment.fetch(ItemOwnerQuery(), policy: .storeOnly).items
        #expect(items.map(\.name) == ["Item number 0", "A local item"])
        #expect(items[1].owner.id == items[0].owner.id)

        try environment.commitUpdate { store in store.delete(RecordID("Item:local")) }
        let afterDelete = environment.watch(ItemOwnerQuery(), policy: .storeOnly)
        guard case .failed(.notInStore(let missing)) = afterDelete.phase else {
            Issue.record("a link to a deleted record reads as missing, got \(afterDelete.phase.name)")
            return
        }
        #expect(missing.contains { $0.record == RecordID("Item:local") })
    }

    @Test func whatARecordTheAppCreatedLacksIsNotHealedFromTheNetwork() async throws {
        let events = RecordingEventSink()
        let (environment, transport) = environment(try await ReferenceServer.shared(), events: events)
        let id = freshNoteID()
        let detail = environment.watch(NoteDetailQuery(id: id))
        _ = try await detail.result()
        try environment.commitUpdate { store in
            // An author with no name: no server knows this record, so no fetch can give it one.
            let author = store.create(RecordID("User:draft-\(id)"), typename: "User")
            author.setValue("draft-\(id)", for: "id")
            store[RecordID("Note:\(id)")]?.setLinkedRecord(author, for: "author")
        }
        #expect(detail.missing.map(\.field.rawValue) == ["name"])
        #expect(!detail.fetch.isInFlight, "no heal for a field of a record the app created")
        #expect(detail.phase.data?.note.authorName == "", "the zero value, reported as missing")
        #expect(transport.requests == 1)
    }

    @Test func aMutationsUpdaterIsInTheSameWriteAsItsAnswer() async throws {
        let events = RecordingEventSink()
        let (environment, _) = environment(try await ReferenceServer.shared(), events: events)
        let id = freshNoteID()
        let handle = environment.watch(NoteDetailQuery(id: id))
        _ = try await handle.result()
        let texts = TextLog()
        let watching = Task { for await snapshot in handle { texts.append(snapshot.phase.data?.note.text) } }
        try await Task.sleep(for: .milliseconds(50))
        events.removeAll()

        let result = try await environment.mutate(
            SetNoteMutation(id: id, text: "from the server"),
            updater: { store, data in
                store[RecordID("Note:\(data.setNote.id)")]?.setValue(data.setNote.text.uppercased(), for: "text")
            })
        #expect(result.setNote.text == "from the server", "the answer is what the server said")
        #expect(handle.phase.data?.note.text == "FROM THE SERVER")
        #expect(events.kinds.filter { $0.name == "store.published" }.count == 1, "one write: the answer and the updater")
        try await Task.sleep(for: .milliseconds(100))
        watching.cancel()
        #expect(!texts.values.contains("from the server"), "no read ever saw the answer without the updater")
    }

    @Test func anOptimisticUpdaterIsRebasedOnACommitBeneathItAndRolledBackExactly() async throws {
        let server = try await ReferenceServer.shared()
        let (environment, _) = environment(server)
        let id = freshNoteID()
        let handle = environment.watch(NoteDetailQuery(id: id))
        #expect(try await handle.result().data.note.revision == 0)

        // Rejected by the server after 3 s, far longer than the commit beneath its layer takes
        // even under a sanitizer on a busy machine, so the commit always lands first.
        let rejected = Task {
            try await environment.mutate(
                SetNoteDetailMutation(id: id, text: "reject", delayMs: 3_000),
                optimisticUpdater: { store in
                    guard let note = store[RecordID("Note:\(id)")] else { return }
                    note.setValue((note.value("revision", as: Int.self) ?? 0) + 10, for: "revision")
                    note.setValue("optimistic", for: "text")
                })
        }
        let optimistic = try await handle.first { $0.phase.data?.note.text == "optimistic" }
        #expect(optimistic.phase.data?.note.revision == 10)

        let committed = try await environment.mutate(SetNoteDetailMutation(id: id, text: "committed"))
        #expect(committed.setNote.revision == 1)
        // The updater ran again over the commit: the server's revision plus its ten.
        #expect(handle.phase.data?.note.revision == 11)
        #expect(handle.phase.data?.note.text == "optimistic")

        do {
            _ = try await rejected.value
            Issue.record("the server rejects the mutation")
        } catch let failure as OperationFailure {
            #expect(failure.fetchFailure?.kind == .request)
        }
        // Rolled back exactly: the server's truth, with nothing of the layer left.
        #expect(handle.phase.data?.note.text == "committed")
        #expect(handle.phase.data?.note.revision == 1)
    }
}
