import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// What an environment tells its sinks about a fetch: that it started, what it published into
/// the store, and that it ended.
@Suite struct EnvironmentEventsTests {
    @Test func aFetchPublishesWhatItChangedAndARepeatChangesNothing() async throws {
        let server = try await ReferenceServer.shared()
        let recorder = RecordingEventSink()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(), events: [recorder])
        let id = freshNoteID()
        let handle = environment.watch(NoteQuery(id: id))
        _ = try await handle.result()
        let first = recorder.events.filter { $0.operationName == "Note" }.map(\.kind.name)
        #expect(first == ["fetch.started", "store.published", "fetch.succeeded"])
        let published = recorder.events.compactMap(\.kind.changedRecords)
        #expect(published.count == 1)
        #expect((published.first ?? 0) > 0)

        await handle.refetch()
        #expect(recorder.events.compactMap(\.kind.changedRecords).last == 0)
    }

    /// A store that keeps every write it is given.
    final class WriteRecordingStore: SnapshotStore {
        let base = MemoryStore()
        private let writes = Locked<[StoreWrite]>([])
        var all: [StoreWrite] { writes.withLock { $0 } }

        func read(_ read: StoreRead) -> [RecordID: StoreRecord] { base.read(read) }
        func operation(_ operation: OperationKey) -> OperationRecord? { base.operation(operation) }
        func recordSnapshot() -> any RecordSource { base.recordSnapshot() }
        func write(_ write: StoreWrite) -> StoreWriteResult {
            writes.withLock { $0.append(write) }
            return base.write(write)
        }
    }

    @Test func aRepeatFetchWritesNoRecordTheStoreHoldsAlike() async throws {
        let server = try await ReferenceServer.shared()
        let store = WriteRecordingStore()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: store)
        let handle = environment.watch(NoteQuery(id: freshNoteID()))
        _ = try await handle.result()
        #expect(store.all.last.map { !$0.records.isEmpty } == true)
        let before = store.base.snapshot().records

        await handle.refetch()
        #expect(store.all.last?.records == [], "the repeat wrote records the store already held")
        #expect(store.base.snapshot().records == before)
    }
}
