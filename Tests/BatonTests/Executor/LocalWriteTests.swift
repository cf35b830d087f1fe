import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// Updaters through the executor, in process: one write each, exactly the handles that saw a
/// changed record read again, and an optimistic updater rebased on a write beneath its layer.
@Suite struct LocalWriteTests {
    /// An environment whose store holds notes 1 and 2, and a store-only handle on each.
    private func seeded(
        _ transport: any Transport = RecordedTransport([:])
    ) throws -> (Environment, RecordingEventSink, OperationHandle<NoteQuery>, OperationHandle<NoteQuery>) {
        let (environment, _, events) = recordedEnvironment(transport)
        for id in ["1", "2"] {
            try environment.commitPayload(NoteQuery(id: id), data: NoteQuery.Data(note: .init(id: id, text: "note \(id)")))
        }
        let first = environment.watch(NoteQuery(id: "1"), policy: .storeOnly)
        let second = environment.watch(NoteQuery(id: "2"), policy: .storeOnly)
        events.removeAll()
        return (environment, events, first, second)
    }

    @Test func commitUpdateIsOneWriteThatReReadsOnlyTheHandlesThatSawTheRecord() throws {
        let (environment, events, first, second) = try seeded()
        let (firstReads, secondReads) = (first.readCount, second.readCount)
        try environment.commitUpdate { store in
            store[RecordID("Note:1")]?.setValue("changed", for: "text")
        }
        #expect(first.phase.data?.note.text == "changed")
        #expect(first.readCount == firstReads + 1)
        #expect(second.readCount == secondReads)
        #expect(events.kinds.map(\.name) == ["store.published"])
        #expect(events.kinds.compactMap(\.changedRecords) == [1])
    }

    @Test func anUpdaterThatThrowsWritesNothing() throws {
        let (environment, events, first, _) = try seeded()
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try environment.commitUpdate { store in
                store[RecordID("Note:1")]?.setValue("half", for: "text")
                throw Refused()
            }
        }
        #expect(first.phase.data?.note.text == "note 1")
        #expect(events.kinds.isEmpty)
    }

    @Test func fieldsWithArgumentsAreKeyedAsThePlanKeysThem() throws {
        let (environment, _, _, _) = try seeded()
        try environment.commitUpdate { store in
            let note = try #require(store.root.linkedRecord("note", arguments: ["id": "2"]))
            #expect(note.id == RecordID("Note:2"))
            store.root.setLinkedRecord(note, for: "note", arguments: ["id": "1"])
        }
        #expect(environment.watch(NoteQuery(id: "1"), policy: .storeOnly).phase.data?.note.text == "note 2")
        #expect(FieldKey.storageKey("note", arguments: ["id": "1", "delayMs": 5]) == FieldKey(#"note(delayMs:5,id:"1")"#))
    }

    @Test func anOptimisticUpdaterIsRebasedOnAWriteBeneathItsLayerAndLiftedWithIt() async throws {
        let answer = try recordedResponse(#"{"data":{"setNote":{"__typename":"Note","id":"1","text":"from the server"}}}"#)
        let transport = RecordedTransport(["SetNote": .responses([answer])], delay: .milliseconds(300))
        let (environment, _, first, _) = try seeded(transport)
        let mutation = Task {
            try await environment.mutate(
                SetNoteMutation(id: "1", text: "from the server"),
                optimisticUpdater: { store in
                    guard let note = store[RecordID("Note:1")] else { return }
                    note.setValue((note.value("text", as: String.self) ?? "") + " (saving)", for: "text")
                })
        }
        _ = try await first.first { $0.phase.data?.note.text == "note 1 (saving)" }
        // A write lands beneath the layer: the updater runs again over it.
        try environment.commitPayload(NoteQuery(id: "1"), data: NoteQuery.Data(note: .init(id: "1", text: "edited")))
        #expect(first.phase.data?.note.text == "edited (saving)")
        _ = try await mutation.value
        #expect(first.phase.data?.note.text == "from the server", "the layer went with the answer, updater and all")
    }
}

/// Invalidations through the executor, in process: what the store keeps.
@Suite struct InvalidationWriteTests {
    @Test func invalidatingARecordMarksTheRetainedOperationsThatSawItInTheStore() throws {
        let (environment, store, _) = recordedEnvironment(RecordedTransport([:]))
        for id in ["1", "2"] {
            try environment.commitPayload(NoteQuery(id: id), data: NoteQuery.Data(note: .init(id: id, text: "a note")))
        }
        // Nothing holds the first operation any more, but it is retained: its read is known.
        var first: OperationHandle<NoteQuery>? = environment.watch(NoteQuery(id: "1"), policy: .storeOnly)
        let retention = first?.retain()
        let firstKey = try #require(first?.key)
        first = nil
        let second = environment.watch(NoteQuery(id: "2"), policy: .storeOnly)

        environment.invalidate(record: RecordID("Note:1"))
        #expect(store.operation(firstKey)?.isInvalidated == true)
        #expect(store.operation(second.key)?.isInvalidated != true)
        retention?.release()
    }

    @Test func invalidatingEverythingIsOneWriteUnderTheReservedKey() throws {
        let (environment, store, events) = recordedEnvironment(RecordedTransport([:]))
        try environment.commitPayload(NoteQuery(id: "1"), data: NoteQuery.Data(note: .init(id: "1", text: "a note")))
        let handle = environment.watch(NoteQuery(id: "1"), policy: .storeOnly)
        events.removeAll()
        environment.invalidate()
        #expect(handle.isStale)
        #expect(store.operation(OperationKey(operationID: "*", variables: ""))?.invalidated != nil)
        #expect(events.kinds.map(\.name) == ["store.published"])
    }
}
