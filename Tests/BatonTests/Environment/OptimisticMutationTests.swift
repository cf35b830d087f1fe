import Baton
import EnvironmentTestSupport
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
        _ = try await handle.result()
        let texts = TextLog()
        let watching = Task { for await snapshot in handle { texts.append(snapshot.phase.data?.note.text) } }

        func optimistic(_ text: String) -> SetNoteMutation.Data {
            SetNoteMutation.Data(setNote: .init(id: id, text: text))
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
        // The watching loop may still be on its way to the last change (slow under ThreadSanitizer).
        let deadline = ContinuousClock.now + .seconds(10)
        while texts.values.last != "first", ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
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
        _ = try await handle.result()
        try environment.commitPayload(
            SetNoteMutation(id: id, text: "local"), data: SetNoteMutation.Data(setNote: .init(id: id, text: "local")))
        #expect(handle.phase.data?.note.text == "local")
    }
}

/// Payloads that carry part of a nested selection: an optimistic response and a local commit
/// write what they have and leave the rest of each record as it was; the network may not omit.
@Suite struct PartialPayloadMutationTests {
    /// `setNote`'s note without its revision, and its author without a name.
    static func partialNote(_ id: String, text: String) -> JSONObject {
        [
            "setNote": [
                "__typename": "Note", "id": .string(id), "text": .string(text), "author": ["__typename": "User", "id": .string("author-\(id)")],
            ]
        ]
    }

    @Test func aNestedPartialOptimisticResponseShowsWhatItHasAndIsRolledBack() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = freshNoteID()
        let handle = environment.watch(NoteDetailQuery(id: id))
        _ = try await handle.result()
        let ready = handle.snapshot
        #expect(ready.phase.data?.note.text == "note \(id)")
        #expect(ready.phase.data?.note.revision == 0)

        let rejected = Task {
            try await environment.mutate(
                SetNoteDetailMutation(id: id, text: "reject", delayMs: 600), optimisticResponse: Self.partialNote(id, text: "optimistic"))
        }
        let shown = try await handle.first { $0.phase.data?.note.text == "optimistic" }
        #expect(shown.phase.data?.note.revision == 0, "the note's revision, which the payload omits, is as it was")
        #expect(shown.phase.data?.note.authorName == "author of \(id)", "the author's name, which the payload omits, is as it was")
        #expect(shown.missing.isEmpty)
        do {
            _ = try await rejected.value
            Issue.record("the server rejects the mutation")
        } catch let failure as OperationFailure {
            guard case .fetch(.request) = failure else {
                Issue.record("a request error, got \(failure)")
                return
            }
        }
        #expect(handle.phase.data?.note.text == "note \(id)", "the layer is gone")
        #expect(handle.phase.data?.note.revision == 0)

        let committed = try await environment.mutate(
            SetNoteDetailMutation(id: id, text: "server"), optimisticResponse: Self.partialNote(id, text: "optimistic"))
        #expect(committed.setNote.revision == 1)
        #expect(handle.phase.data?.note.text == "server")
        #expect(handle.phase.data?.note.revision == 1)
    }

    @Test func aNestedPartialCommitPayloadWritesWhatItHas() async throws {
        let server = try await ReferenceServer.shared()
        let store = MemoryStore()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store)
        let id = freshNoteID()
        let handle = environment.watch(NoteDetailQuery(id: id))
        _ = try await handle.result()
        // The note omits its revision.
        try environment.commitPayload(
            NoteDetailQuery(id: id),
            data: [
                "note": [
                    "__typename": "Note", "id": .string(id), "text": "local",
                    "author": ["__typename": "User", "id": .string("author-\(id)"), "name": "renamed"],
                ]
            ])
        #expect(handle.phase.data?.note.text == "local")
        #expect(handle.phase.data?.note.revision == 0)
        #expect(handle.phase.data?.note.authorName == "renamed")
        #expect(handle.missing.isEmpty)
        #expect(store.snapshot().records[RecordID("Note:\(id)")]?.fields[FieldKey("revision")] == .scalar(0))
    }

    @Test func aResponseFromTheNetworkThatOmitsANestedFieldIsStillMalformed() async throws {
        let id = "partial"
        // The note omits its revision, the author its name: what a partial payload may do.
        let data = Self.partialNote(id, text: "from the wire")
        let environment = Environment(transport: FixedResponseTransport(response: GraphQLResponse(data: .object(data))), store: MemoryStore())
        do {
            _ = try await environment.mutate(SetNoteDetailMutation(id: id, text: "from the wire"))
            Issue.record("a response omitting selected fields was stored")
        } catch {
            guard case .fetch(.malformed(let error)) = error else {
                Issue.record("malformed, got \(error)")
                return
            }
            #expect(error.code == .fieldOmitted)
            #expect(error.path == [.key("setNote"), .key("revision")])
        }
        #expect((environment.store as? MemoryStore)?.snapshot().records.isEmpty == true, "nothing was stored")
    }
}

/// A transport that answers every request with one response.
struct FixedResponseTransport: Transport {
    let response: GraphQLResponse

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(response)
            continuation.finish()
        }
    }
}

/// The texts a handle showed, in order.
final class TextLog: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String?] = []
    var values: [String?] { lock.withLock { log } }
    func append(_ text: String?) { lock.withLock { log.append(text) } }
}
