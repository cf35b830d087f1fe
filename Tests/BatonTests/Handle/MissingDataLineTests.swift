@_spi(Generated) import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// The debug build's `MISSING DATA` line on standard error is said where a fetch to heal the
/// data follows, and not for a store-only handle's miss, which no fetch follows.
@Suite struct MissingDataLineTests {
    /// An environment whose store holds note `id` as fetched, then replaced by a record that lacks its text.
    private func environmentLackingText(of id: String) async throws -> (Environment, RecordedTransport) {
        let transport = RecordedTransport([:], fallback: .responses([try recordedResponse(noteAnswer(id: id, text: "whole"))]))
        let (environment, store, _) = recordedEnvironment(transport)
        let first = environment.watch(NoteQuery(id: id), policy: .networkOnly)
        await first.fetchesSettled()
        first.dispose()
        let note = try #require(store.allRecords()[RecordID("Note:\(id)")])
        var lacking = StoreRecord(id: note.id, typename: note.typename)
        lacking.fields[FieldKey("id")] = note.fields[FieldKey("id")]
        try environment.publish(StoreWrite(records: [lacking], deletions: [note.id]), operationName: nil)
        return (environment, transport)
    }

    private func text(of id: String) -> MissingField {
        MissingField(owner: "Note", record: RecordID("Note:\(id)"), field: FieldKey("text"))
    }

    @Test func aStoreOnlyMissIsAVerdictAndSaysNothing() async throws {
        let (environment, transport) = try await environmentLackingText(of: "quiet")
        let sent = transport.requests.count
        let handle = environment.watch(NoteQuery(id: "quiet"), policy: .storeOnly)
        #expect(handle.missing == [text(of: "quiet")])
        #expect(transport.requests.count == sent)
        #expect(!LoudMissingData.wasAnnounced(text(of: "quiet")))
    }

    @Test func aMissAHealFetchFollowsIsSaid() async throws {
        let (environment, transport) = try await environmentLackingText(of: "loud")
        let sent = transport.requests.count
        let handle = environment.watch(NoteQuery(id: "loud"))
        // Waited for as it runs, not joined by a refetch: the heal may end before a refetch starts.
        await handle.fetchesSettled()
        #expect(transport.requests.count == sent + 1)
        #expect(handle.phase.data?.note.text == "whole")
        #expect(LoudMissingData.wasAnnounced(text(of: "loud")))
    }
}
