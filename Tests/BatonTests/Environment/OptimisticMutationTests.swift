import Baton
import Foundation
import ReferenceServer
import Testing

/// Optimistic responses as layers over the store, against the reference server.
@Suite struct OptimisticMutationTests {
    @Test func twoOverlappingMutationsWithAServerCommitBetweenThemRollBackExactly() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.ready()
        let texts = TextLog()
        let watching = Task { for await snapshot in handle { texts.append(snapshot.phase.data?.note.text) } }

        func optimistic(_ text: String) -> JSONObject {
            ["setNote": ["__typename": "Note", "id": .string(id), "text": .string(text)]]
        }
        // The first commits on the server after 300 ms; the second is rejected after 900 ms.
        let first = Task {
            try await environment.mutate(SetNoteMutation(id: id, text: "first", delayMs: 300), optimisticResponse: optimistic("first"))
        }
        _ = try await handle.first { $0.phase.data?.note.text == "first" }
        let second = Task {
            try await environment.mutate(SetNoteMutation(id: id, text: "reject", delayMs: 900), optimisticResponse: optimistic("second"))
        }
        _ = try await handle.first { $0.phase.data?.note.text == "second" }

        let committed = try await first.value
        #expect(committed.setNote.text == "first")
        // The server's commit landed under the second layer: the second is still what shows.
        #expect(handle.phase.data?.note.text == "second")

        do {
            _ = try await second.value
            Issue.record("the server rejects the second mutation")
        } catch let failure as OperationFailure {
            guard case .fetch(.request(let errors)) = failure else {
                Issue.record("a request error, got \(failure)")
                return
            }
            #expect(errors.first?.code == "REJECTED")
        }
        // Its layer is gone: the server's truth shows.
        #expect(handle.phase.data?.note.text == "first")
        watching.cancel()
        let seen = texts.values.compactMap { $0 }
        #expect(seen.first == "note \(id)")
        #expect(seen.last == "first")
        #expect(seen.contains("second"))
    }

    @Test func commitPayloadWritesALocalPayloadThroughTheSameIngest() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.ready()
        try environment.commitPayload(
            SetNoteMutation(id: id, text: "local"), data: ["setNote": ["__typename": "Note", "id": .string(id), "text": "local"]])
        #expect(handle.phase.data?.note.text == "local")
    }
}

/// The texts a handle showed, in order.
final class TextLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String?] = []
    var values: [String?] { lock.withLock { log } }
    func append(_ text: String?) { lock.withLock { log.append(text) } }
}
