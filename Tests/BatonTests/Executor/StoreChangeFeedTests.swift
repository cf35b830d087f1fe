import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// An environment over a store that reports changes made elsewhere: it re-reads exactly the
/// handles that saw them, through the executor's notify path, and reports `store.changedElsewhere`.
@Suite struct StoreChangeFeedTests {
    /// A memory store whose "elsewhere" is the test: it writes behind the environment's back and
    /// reports the change through the feed.
    final class SharedMemoryStore: ChangeFeedStore {
        let inner = MemoryStore()
        let subscribers = Locked<[StoreChangeSubscriber]>([])

        func read(_ read: StoreRead) throws -> [RecordID: StoreRecord] { inner.read(read) }
        func write(_ write: StoreWrite) throws -> StoreWriteResult { inner.write(write) }
        func operation(_ operation: OperationKey) throws -> OperationRecord? { inner.operation(operation) }

        func subscribeToChanges(_ subscriber: StoreChangeSubscriber) -> StoreChangeSubscription {
            subscribers.withLock { $0.append(subscriber) }
            return StoreChangeSubscription { [subscribers] in subscribers.withLock { $0.removeAll() } }
        }

        /// Writes as another process would, then reports `change`.
        func writeElsewhere(_ write: StoreWrite, reporting change: StoreChange) {
            inner.write(write)
            for subscriber in subscribers.withLock({ $0 }) { subscriber.receive(change) }
        }
    }

    static func environment() async throws -> (
        Environment, SharedMemoryStore, RecordingEventSink, OperationHandle<NoteQuery>, OperationHandle<NoteQuery>
    ) {
        let transport = NotesByID(texts: ["1": "one", "2": "two"])
        let store = SharedMemoryStore()
        let events = RecordingEventSink()
        let environment = Environment(transport: transport, store: store, events: [events])
        let first = environment.watch(NoteQuery(id: "1"))
        await first.fetchesSettled()
        let second = environment.watch(NoteQuery(id: "2"))
        await second.fetchesSettled()
        events.removeAll()
        return (environment, store, events, first, second)
    }

    static func note(_ id: String, _ text: String) -> StoreRecord {
        StoreRecord(id: RecordID("Note:\(id)"), typename: "Note", fields: [FieldKey("text"): .scalar(.string(text))])
    }

    @Test func aChangeElsewhereReReadsExactlyTheHandlesThatSawItAndIsReported() async throws {
        let (environment, store, events, first, second) = try await Self.environment()
        let (firstReads, secondReads) = (first.readCount, second.readCount)
        store.writeElsewhere(StoreWrite(records: [Self.note("1", "changed")]), reporting: StoreChange(records: [RecordID("Note:1")]))
        #expect(first.readCount == firstReads + 1)
        #expect(first.phase.data?.note.text == "changed")
        #expect(second.readCount == secondReads)
        #expect(events.kinds.compactMap(\.changedElsewhere).map { [$0.records, $0.operations] } == [[1, 0]])
        #expect(events.kinds.compactMap(\.changedElsewhere).map(\.lost) == [false])
        withExtendedLifetime(environment) {}
    }

    @Test func aChangedOperationReReadsItsHandle() async throws {
        let (environment, store, _, first, second) = try await Self.environment()
        let (firstReads, secondReads) = (first.readCount, second.readCount)
        let key = OperationKey(operationID: NoteQuery.operationID, variables: #"{"id":"2"}"#)
        store.writeElsewhere(StoreWrite(invalidatedOperations: [key: Date()]), reporting: StoreChange(operations: [key]))
        #expect(second.readCount == secondReads + 1)
        #expect(second.isStale)
        #expect(first.readCount == firstReads)
        withExtendedLifetime(environment) {}
    }

    @Test func lostChangesReReadEveryHandle() async throws {
        let (environment, store, events, first, second) = try await Self.environment()
        let (firstReads, secondReads) = (first.readCount, second.readCount)
        store.writeElsewhere(
            StoreWrite(records: [Self.note("1", "uno"), Self.note("2", "dos")]), reporting: .lost)
        #expect(first.readCount == firstReads + 1)
        #expect(second.readCount == secondReads + 1)
        #expect(first.phase.data?.note.text == "uno")
        #expect(second.phase.data?.note.text == "dos")
        #expect(events.kinds.compactMap(\.changedElsewhere).map(\.lost) == [true])
        withExtendedLifetime(environment) {}
    }

    @Test func theEnvironmentUnsubscribesWhenItGoes() async throws {
        let store = SharedMemoryStore()
        var environment: Environment? = Environment(transport: RecordedTransport([:]), store: store)
        #expect(store.subscribers.withLock(\.count) == 1)
        withExtendedLifetime(environment) {}
        environment = nil
        #expect(store.subscribers.withLock(\.count) == 0)
    }
}

/// Answers `NoteQuery(id:)` with the note of that ID.
private struct NotesByID: Transport {
    let texts: [String: String]

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        AsyncThrowingStream { continuation in
            if case .string(let id)? = request.variables?["id"] {
                do {
                    continuation.yield(try recordedResponse(noteAnswer(id: id, text: texts[id] ?? "")))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.finish()
        }
    }
}
