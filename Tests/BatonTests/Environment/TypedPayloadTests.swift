import Baton
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Payloads built in Swift with the generated data types' memberwise initializers, against the
/// reference server: an optimistic response laid and lifted, and a local commit.
@Suite struct TypedPayloadTests {
    @Test func aTypedOptimisticResponseIsLaidThenReplacedByTheAnswer() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = freshNoteID()
        let handle = environment.watch(NoteDetailQuery(id: id))
        _ = try await handle.result()

        let expected = SetNoteDetailMutation.Data(
            setNote: .init(id: id, text: "saving", revision: 1, author: .init(id: "author-\(id)", name: "author of \(id)")))
        #expect(expected.setNote.__typename == "Note", "a concrete type's typename is given")
        let mutation = Task {
            try await environment.mutate(SetNoteDetailMutation(id: id, text: "saved", delayMs: 300), optimisticResponse: expected)
        }
        let optimistic = try await handle.first { $0.phase.data?.note.text == "saving" }
        #expect(optimistic.phase.data?.note.revision == 1)
        #expect(optimistic.missing.isEmpty)
        let answer = try await mutation.value
        #expect(answer.setNote.text == "saved")
        #expect(handle.phase.data?.note.text == "saved")
    }

    @Test func aTypedOptimisticResponseOfARefusedMutationIsRolledBackExactly() async throws {
        let server = try await ReferenceServer.shared()
        let store = MemoryStore()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store)
        let id = freshNoteID()
        let handle = environment.watch(NoteDetailQuery(id: id))
        _ = try await handle.result()
        let before = store.snapshot().records

        let optimistic = SetNoteDetailMutation.Data(
            setNote: .init(id: id, text: "saving", revision: 7, author: .init(id: "author-\(id)", name: "someone else")))
        let mutation = Task {
            try await environment.mutate(SetNoteDetailMutation(id: id, text: "reject", delayMs: 300), optimisticResponse: optimistic)
        }
        let shown = try await handle.first { $0.phase.data?.note.text == "saving" }
        #expect(shown.phase.data?.note.revision == 7)
        #expect(shown.phase.data?.note.author.name == "someone else")
        #expect(store.snapshot().records == before, "the layer is over the store, not in it")
        await #expect(throws: OperationFailure.self) { try await mutation.value }
        #expect(handle.phase.data?.note.text == "note \(id)")
        #expect(handle.phase.data?.note.revision == 0)
        #expect(handle.phase.data?.note.author.name == "author of \(id)")
        #expect(store.snapshot().records == before, "nothing of the layer is left")
    }

    @Test func aTypedLocalCommitWritesThroughTheSameIngest() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = freshNoteID()
        try environment.commitPayload(NoteQuery(id: id), data: NoteQuery.Data(note: .init(id: id, text: "written in Swift")))
        let stored = try await environment.fetch(NoteQuery(id: id), policy: .storeOnly)
        #expect(stored.note.text == "written in Swift")
        #expect(stored.note.__typename == "Note")
    }
}
