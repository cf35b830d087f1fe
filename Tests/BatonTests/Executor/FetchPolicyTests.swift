@_spi(Generated) import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// Each fetch policy and the heal of missing data, in process over a recorded transport: what a
/// holder reads and whether it sends, with no server's timing involved.
@Suite struct FetchPolicyTests {
    /// An environment whose store already holds note 1 as fetched, and its transport.
    private func environmentHoldingNote() async throws -> (Environment, RecordedTransport) {
        let transport = RecordedTransport([:], fallback: .responses([try recordedResponse(noteAnswer(id: "1", text: "sent"))]))
        let (environment, _, _) = recordedEnvironment(transport)
        let first = environment.watch(NoteQuery(id: "1"))
        await first.fetchesSettled()
        return (environment, transport)
    }

    @Test func storeOnlyReadsTheStoreAndNeverSends() throws {
        let transport = RecordedTransport([:])
        let (environment, _, events) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"), policy: .storeOnly)
        guard case .failed(.notInStore(let missing)) = handle.phase else {
            Issue.record("a store-only miss is a verdict, got \(handle.phase.name)")
            return
        }
        #expect(!missing.isEmpty)
        #expect(transport.requests.isEmpty)
        #expect(!events.kinds.contains { $0.name == "fetch.started" })
    }

    @Test func storeOrNetworkIsReadyFromTheStoreWithoutSendingWhenFresh() async throws {
        let (environment, transport) = try await environmentHoldingNote()
        let sent = transport.requests.count
        let handle = environment.watch(NoteQuery(id: "1"), policy: .storeOrNetwork)
        #expect(handle.phase.data?.note.text == "sent")
        #expect(transport.requests.count == sent)
    }

    @Test func storeAndNetworkShowsTheStoreThenSends() async throws {
        let (environment, transport) = try await environmentHoldingNote()
        let sent = transport.requests.count
        let handle = environment.watch(NoteQuery(id: "1"), policy: .storeAndNetwork)
        #expect(handle.phase.data?.note.text == "sent")
        await handle.fetchesSettled()
        #expect(transport.requests.count == sent + 1)
    }

    @Test func networkOnlySendsEvenWhenTheStoreHoldsTheData() async throws {
        let (environment, transport) = try await environmentHoldingNote()
        let sent = transport.requests.count
        let handle = environment.watch(NoteQuery(id: "1"), policy: .networkOnly)
        await handle.fetchesSettled()
        #expect(transport.requests.count == sent + 1)
        #expect(handle.phase.data?.note.text == "sent")
    }

    @Test func missingDataIsHealedByOneRefetch() async throws {
        let transport = RecordedTransport([:], fallback: .responses([try recordedResponse(noteAnswer(id: "1", text: "whole"))]))
        let (environment, store, _) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        let sent = transport.requests.count
        // Another write replaces the note with one that lacks its text: the handle, which saw the
        // note, reads again, finds the text missing, and fetches once to heal it.
        let note = try #require(store.allRecords()[RecordID("Note:1")])
        var lacking = StoreRecord(id: note.id, typename: note.typename)
        lacking.fields[FieldKey("id")] = note.fields[FieldKey("id")]
        try environment.publish(StoreWrite(records: [lacking], deletions: [note.id]), operationName: nil)
        // Waited for as it runs, not joined by a refetch: the heal may end before a refetch starts.
        await handle.fetchesSettled()
        #expect(transport.requests.count == sent + 1)
        #expect(handle.phase.data?.note.text == "whole")
        #expect(handle.missing.isEmpty)
    }
}
