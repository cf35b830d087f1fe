import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// A client field (`extend type Note { isPinned: Boolean }` among the documents) against the
/// reference server: never sent, read as null with no `missing` event and no refetch until the
/// app writes it, then stored, read, and kept in the image across a relaunch.
@Suite struct ClientFieldServerTests {
    /// A transport that keeps the text of every request it passes on.
    final class TextLoggingTransport: Transport {
        let base: any Transport
        private let texts = Locked<[String]>([])

        init(_ base: any Transport) {
            self.base = base
        }

        var sent: [String] { texts.withLock { $0 } }

        func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
            texts.withLock { $0.append(request.query) }
            return base.send(request)
        }
    }

    @Test func aClientFieldIsNeverSentReadsNullUntilWrittenAndIsKeptAcrossARelaunch() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("client-field-\(id).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        #expect(PinnedNoteQuery.document.contains("text"))
        #expect(!PinnedNoteQuery.document.contains("isPinned"), "the client field is left out of the text sent")
        do {
            let image = try SQLiteStore(path: path)
            let transport = TextLoggingTransport(CurlTransport(endpoint: server.graphqlURL))
            let events = RecordingEventSink()
            let environment = Environment(transport: transport, store: image, events: [events])
            let handle = environment.watch(PinnedNoteQuery(id: id))
            let fetched = try await handle.result()
            #expect(fetched.note.text == "note \(id)")
            #expect(fetched.note.isPinned == nil, "never written: null")
            #expect(transport.sent.count == 1)
            #expect(transport.sent.allSatisfy { !$0.contains("isPinned") }, "never sent")
            #expect(!events.kinds.contains { $0.name == "missing" }, "an unwritten client field is not missing")

            try environment.commitUpdate { store in store[RecordID("Note:\(id)")]?.setValue(true, for: "isPinned") }
            #expect(handle.phase.data?.note.isPinned == true, "written by an updater, read typed")
            _ = try await environment.fetch(PinnedNoteQuery(id: id), policy: .networkOnly)
            #expect(handle.phase.data?.note.isPinned == true, "a response without the field keeps it")
            #expect(transport.sent.count == 2)
            image.close()
        }
        let relaunched = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: try SQLiteStore(path: path))
        let stored = relaunched.watch(PinnedNoteQuery(id: id), policy: .storeOnly)
        #expect(stored.phase.data?.note.isPinned == true, "kept in the image across a relaunch")
    }

    @Test func aTypedPayloadWritesAClientField() throws {
        let environment = Environment(transport: RecordedTransport([:]), store: MemoryStore())
        try environment.commitPayload(PinnedNoteQuery(id: "p"), data: PinnedNoteQuery.Data(note: .init(id: "p", text: "t", isPinned: false)))
        let handle = environment.watch(PinnedNoteQuery(id: "p"), policy: .storeOnly)
        #expect(handle.phase.data?.note.isPinned == false)
    }

    @Test func aNonNullClientFieldReadsItsDeclaredDefaultWithNoMissingEventAndNoRefetch() async throws {
        let server = try await ReferenceServer.shared()
        let id = freshNoteID()
        let transport = TextLoggingTransport(CurlTransport(endpoint: server.graphqlURL))
        let events = RecordingEventSink()
        let environment = Environment(transport: transport, store: MemoryStore(), events: [events])
        let handle = environment.watch(FavoriteNoteQuery(id: id))
        let fetched = try await handle.result()
        #expect(fetched.note.isFavorite == false, "never written: the declared default")
        #expect(transport.sent.count == 1, "no refetch for it")
        #expect(transport.sent.allSatisfy { !$0.contains("isFavorite") }, "never sent")
        #expect(!events.kinds.contains { $0.name == "missing" || $0.name == "unexpected" })
        #expect(handle.isStale == false)

        try environment.commitUpdate { store in store[RecordID("Note:\(id)")]?.setValue(true, for: "isFavorite") }
        #expect(handle.phase.data?.note.isFavorite == true, "what the app wrote replaces the default")
        #expect(transport.sent.count == 1)
    }
}
