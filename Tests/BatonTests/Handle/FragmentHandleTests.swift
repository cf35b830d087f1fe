import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Observation
import ReferenceServer
import Testing

/// Fragment handles read their fragment on its own record and are read again only when a record
/// their own selection saw changes.
@Suite struct FragmentHandleTests {
    /// A note with its author, each fragment's data given by the fragment's own initializer.
    static func payload(id: String, revision: Int, text: String, author: String) -> NoteWithAuthorQuery.Data {
        NoteWithAuthorQuery.Data(
            note: .init(
                id: id, revision: revision,
                author: .init(id: "author-\(id)", fragments: .init(authorName: AuthorName(name: author))),
                fragments: .init(noteText: NoteText(text: text))))
    }

    static func environment() -> Environment {
        Environment(transport: CurlTransport(endpoint: URL(string: "http://127.0.0.1:9/graphql")!), store: MemoryStore())
    }

    @Test func aChangeOnlyTheParentSawDoesNotRereadTheFragment() throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "1")
        try environment.commitPayload(query, data: Self.payload(id: "1", revision: 0, text: "first", author: "Ada"))
        let parent = environment.watch(query, policy: .storeOnly)
        let note = try #require(parent.phase.data?.note)
        let author = environment.watch(note.author.fragments.authorName.reference)
        #expect(author.phase.data?.name == "Ada")
        let (parentReads, authorReads) = (parent.readCount, author.readCount)

        // The note's own record changes: the parent reads again, the author's fragment does not.
        try environment.commitPayload(query, data: Self.payload(id: "1", revision: 1, text: "second", author: "Ada"))
        #expect(parent.readCount == parentReads + 1)
        #expect(parent.phase.data?.note.revision == 1)
        #expect(author.readCount == authorReads)

        // The author's record changes: its fragment reads again and shows it.
        try environment.commitPayload(query, data: Self.payload(id: "1", revision: 1, text: "second", author: "Grace"))
        #expect(author.readCount == authorReads + 1)
        #expect(author.phase.data?.name == "Grace")
    }

    @Test func oneRecordsChangeRereadsOnlyTheFragmentHandleThatSawIt() throws {
        let environment = Self.environment()
        let ids = (0..<100).map { "n\($0)" }
        var handles: [FragmentHandle<NoteText>] = []
        for id in ids {
            let query = NoteWithAuthorQuery(id: id)
            try environment.commitPayload(query, data: Self.payload(id: id, revision: 0, text: "note \(id)", author: "A"))
            let data = try #require(environment.watch(query, policy: .storeOnly).phase.data)
            handles.append(environment.watch(data.note.fragments.noteText.reference))
        }
        let before = handles.map(\.readCount)

        try environment.commitPayload(
            NoteWithAuthorQuery(id: "n42"), data: Self.payload(id: "n42", revision: 1, text: "changed", author: "A"))

        let reread = zip(handles, before).enumerated().filter { $0.element.0.readCount != $0.element.1 }.map(\.offset)
        #expect(reread == [42])
        #expect(handles[42].phase.data?.text == "changed")
        #expect(handles[41].phase.data?.text == "note n41")
    }

    @Test func theReferenceNamesTheRecordAndTheOwningOperation() throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "7")
        try environment.commitPayload(query, data: Self.payload(id: "7", revision: 0, text: "seven", author: "Ada"))
        let parent = environment.watch(query, policy: .storeOnly)
        let data = try #require(parent.phase.data)
        let reference = data.note.fragments.noteText.reference
        #expect(reference.record == RecordID("Note:7"))
        #expect(reference.owner == parent.key)
        #expect(reference.operationName == "NoteWithAuthor")
        #expect(reference.variables == ["id": "7"])
        #expect(data.note.author.fragments.authorName.reference.record == RecordID("User:author-7"))
    }

    @Test func staleAndMissingGoThroughTheOwningOperation() throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "s")
        try environment.commitPayload(query, data: Self.payload(id: "s", revision: 0, text: "text", author: "Ada"))
        let parent = environment.watch(query, policy: .storeOnly)
        let fragment = environment.watch(try #require(parent.phase.data).note.fragments.noteText.reference)
        // A payload committed locally is no fetch: the owner never fetched, so both are stale.
        #expect(parent.isStale)
        #expect(fragment.isStale)

        // The note's record goes: the fragment finds its text missing, and is stale.
        let record = RecordID("Note:s")
        try environment.publish(StoreWrite(deletions: [record]), operationName: nil)
        #expect(fragment.missing.map(\.field) == [FieldKey("text")])
        #expect(fragment.missing.first?.owner == "NoteText")
        #expect(fragment.isStale)

        // It comes back: the fragment reads it again.
        try environment.commitPayload(query, data: Self.payload(id: "s", revision: 2, text: "back", author: "Ada"))
        #expect(fragment.phase.data?.text == "back")
        #expect(fragment.missing.isEmpty)
    }

    @Test func theFragmentHandleIsAnAsyncSequenceOfItsReads() async throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "a")
        try environment.commitPayload(query, data: Self.payload(id: "a", revision: 0, text: "one", author: "Ada"))
        let data = try #require(environment.watch(query, policy: .storeOnly).phase.data)
        let handle = environment.watch(data.note.fragments.noteText.reference)
        var iterator = handle.makeAsyncIterator()
        #expect(await iterator.next()?.phase.data?.text == "one")
        try environment.commitPayload(query, data: Self.payload(id: "a", revision: 1, text: "two", author: "Ada"))
        #expect(await iterator.next()?.phase.data?.text == "two")
    }

    @Test func missingDataIsHealedOnceThroughTheOwningOperation() async throws {
        let answer = JSONValue.object(Self.payload(id: "h", revision: 0, text: "whole", author: "Ada").__data.json)
        let transport = RecordedTransport([:], fallback: .responses([GraphQLResponse(data: answer)]))
        let (environment, store, events) = recordedEnvironment(transport)
        let parent = environment.watch(NoteWithAuthorQuery(id: "h"))
        await parent.fetchesSettled()
        let author = environment.watch(try #require(parent.phase.data).note.author.fragments.authorName.reference)
        #expect(author.phase.data?.name == "Ada")
        let sent = transport.requests.count

        // The author's record is replaced by one without its name: the fragment finds it
        // missing and the owning operation fetches, once, to heal it.
        let record = try #require(store.allRecords()[RecordID("User:author-h")])
        try environment.publish(
            StoreWrite(records: [StoreRecord(id: record.id, typename: record.typename)], deletions: [record.id]), operationName: nil)
        // The heal may have ended already: the miss is read from the events, and the heal waited for as it runs.
        #expect(events.missing.map(\.field).contains(FieldKey("name")))
        await parent.fetchesSettled()
        #expect(transport.requests.count == sent + 1)
        #expect(author.phase.data?.name == "Ada")
        #expect(author.missing.isEmpty)
    }

    @Test func aChangeToItsRecordsIsObserved() throws {
        let environment = Self.environment()
        let query = NoteWithAuthorQuery(id: "o")
        try environment.commitPayload(query, data: Self.payload(id: "o", revision: 0, text: "one", author: "Ada"))
        let data = try #require(environment.watch(query, policy: .storeOnly).phase.data)
        let handle = environment.watch(data.note.fragments.noteText.reference)
        let changed = Locked(false)
        withObservationTracking {
            _ = handle.phase
        } onChange: {
            changed.withLock { $0 = true }
        }
        try environment.commitPayload(query, data: Self.payload(id: "o", revision: 0, text: "two", author: "Ada"))
        #expect(changed.withLock { $0 })
        #expect(handle.phase.data?.text == "two")
    }

    @Test func aConsumerThatIsCancelledStopsIteratingTheSnapshotsOfAFreshFragment() async throws {
        let answer = JSONValue.object(Self.payload(id: "c", revision: 0, text: "one", author: "Ada").__data.json)
        let transport = RecordedTransport([:], fallback: .responses([GraphQLResponse(data: answer)]))
        let (environment, _, _) = recordedEnvironment(transport)
        let parent = environment.watch(NoteWithAuthorQuery(id: "c"))
        await parent.fetchesSettled()
        let handle = environment.watch(try #require(parent.phase.data).note.fragments.noteText.reference)
        // Fresh, with its owner held: each snapshot asks the owner whether it is stale.
        #expect(!handle.isStale)
        let consumer = Task {
            var count = 0
            for await _ in handle { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(50))
        consumer.cancel()
        #expect(await consumer.value == 1)
    }

    @Test func aFragmentHandleFollowsAMutationAgainstTheReferenceServer() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let id = freshNoteID()
        let parent = environment.watch(NoteWithAuthorQuery(id: id))
        let data = try await parent.result().data
        let text = environment.watch(data.note.fragments.noteText.reference)
        let author = environment.watch(data.note.author.fragments.authorName.reference)
        #expect(text.phase.data?.text == "note \(id)")
        #expect(author.phase.data?.name == "author of \(id)")
        #expect(!text.isStale)
        let authorReads = author.readCount

        _ = try await environment.mutate(SetNoteDetailMutation(id: id, text: "changed"))

        #expect(text.phase.data?.text == "changed")
        #expect(author.readCount == authorReads)

        parent.invalidate()
        #expect(text.isStale)
    }
}

/// A plural fragment's items are watched together, as one value.
@Suite struct FragmentListHandleTests {
    static func payload(_ names: [String]) -> ItemRowsQuery.Data {
        ItemRowsQuery.Data(
            items: names.enumerated().map { .init(id: "i\($0.offset)", fragments: .init(itemRow: ItemRow(name: $0.element))) })
    }

    @Test func theItemsReadTogetherAndAgainOncePerChange() throws {
        let environment = FragmentHandleTests.environment()
        let query = ItemRowsQuery(count: 3)
        try environment.commitPayload(query, data: Self.payload(["a", "b", "c"]))
        let parent = environment.watch(query, policy: .storeOnly)
        let references = try #require(parent.phase.data).items.map(\.fragments.itemRow.reference)
        let rows = environment.watch(references)
        #expect(rows.phase.data?.map(\.name) == ["a", "b", "c"])
        #expect(rows.references.map(\.record) == [RecordID("Item:i0"), RecordID("Item:i1"), RecordID("Item:i2")])
        let reads = rows.readCount

        // Two items change in one write: one read.
        try environment.commitPayload(query, data: Self.payload(["a", "B", "C"]))
        #expect(rows.readCount == reads + 1)
        #expect(rows.phase.data?.map(\.name) == ["a", "B", "C"])

        // A record no item's selection saw: no read.
        try environment.commitPayload(
            NoteWithAuthorQuery(id: "elsewhere"),
            data: FragmentHandleTests.payload(id: "elsewhere", revision: 0, text: "t", author: "A"))
        #expect(rows.readCount == reads + 1)
    }
}
