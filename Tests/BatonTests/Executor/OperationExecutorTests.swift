@_spi(Generated) import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// The executor's path for a query's fetch, in process over a recorded transport: what is
/// stored, what is reported, how each payload and each end is classified.
@Suite struct OperationExecutorTests {
    @Test func aFetchStoresTheResponseReportsItAndTheHandleIsReady() async throws {
        let transport = RecordedTransport(["Note": .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))])])
        let (environment, store, events) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        #expect(handle.phase.data?.note.text == "one")
        #expect(store.allRecords()[RecordID("Note:1")] != nil)
        #expect(events.events(of: "Note").map(\.kind.name) == ["fetch.started", "store.published", "fetch.succeeded"])
        #expect(transport.requests.count == 1)
    }

    @Test func anUnchangedRefetchWritesAndNotifiesNothing() async throws {
        let transport = RecordedTransport([:], fallback: .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))]))
        let (environment, _, events) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        // Another operation that reads the same record: notified only when it changes.
        let other = environment.watch(NoteQuery(id: "1", delayMs: 1), policy: .storeOnly)
        let otherReads = other.readCount
        events.removeAll()
        await handle.refetch()
        #expect(events.kinds.compactMap(\.changedRecords) == [0])
        #expect(other.readCount == otherReads)
        #expect(handle.phase.data?.note.text == "one")
    }

    @Test func aRefetchThatChangesNothingLeavesTheReadAndMovesWhenItFetched() async throws {
        let transport = HeldTransport(
            RecordedTransport([:], fallback: .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))])))
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        let (reads, fetched) = (handle.readCount, handle.snapshot.fetched)
        // The invalidation's own refetch is held, so the stale state is read before it lands.
        transport.close()
        handle.invalidate()
        #expect(handle.isStale)
        transport.open()
        await handle.refetch()
        #expect(handle.readCount == reads)
        #expect(!handle.isStale)
        #expect(handle.snapshot.fetched.map { $0 > fetched ?? .distantPast } == true)
    }

    @Test func aRefetchThatChangesOnlyTheOperationsErrorsIsReadAgain() async throws {
        let first = try recordedResponse(noteAnswer(id: "1", text: "one"))
        let withError = try recordedResponse(
            #"{"data":{"note":{"__typename":"Note","id":"1","text":"one"}},"errors":[{"message":"late","extensions":{"code":"LATE"}}]}"#)
        let answers = Locked([first, withError])
        let (environment, _, _) = recordedEnvironment(AnswersInTurn(answers: answers))
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        #expect(handle.errors.isEmpty)
        await handle.refetch()
        #expect(handle.errors.map(\.code) == ["LATE"])
    }

    @Test func aChangeReReadsExactlyTheHandlesThatSawIt() async throws {
        let transport = RecordedTransport([
            "Note": .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))]),
            "SetNote": .responses([try recordedResponse(noteAnswer(id: "1", text: "changed", field: "setNote"))]),
        ])
        let (environment, _, _) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        let reads = handle.readCount
        try await environment.mutate(SetNoteMutation(id: "1", text: "changed"))
        #expect(handle.readCount == reads + 1)
        #expect(handle.phase.data?.note.text == "changed")
    }

    @Test func aResponseOfErrorsWithoutDataIsARequestErrorAndWritesNothing() async throws {
        let refused = try recordedResponse(#"{"errors":[{"message":"no","extensions":{"code":"REFUSED"}}]}"#)
        let (environment, store, events) = recordedEnvironment(RecordedTransport(["Note": .responses([refused])]))
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        guard case .request(let errors)? = handle.fetch.failure else {
            Issue.record("expected a request error, got \(handle.fetch)")
            return
        }
        #expect(errors.first?.code == "REFUSED")
        #expect(store.allRecords().isEmpty)
        #expect(events.kinds.compactMap(\.fetchFailure).map(\.0) == [.request])
    }

    @Test func aResponseOfNeitherDataNorErrorsIsMalformed() async throws {
        let (environment, _, _) = recordedEnvironment(RecordedTransport(["Note": .responses([try recordedResponse("{}")])]))
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        guard case .malformed(let error)? = handle.fetch.failure else {
            Issue.record("expected malformed, got \(handle.fetch)")
            return
        }
        #expect(error.code == .notAResponse)
    }

    @Test func aStreamThatEndsWithoutAResponseIsMalformedTruncated() async throws {
        let (environment, _, _) = recordedEnvironment(RecordedTransport(["Note": .responses([])]))
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        guard case .malformed(let error)? = handle.fetch.failure else {
            Issue.record("expected malformed, got \(handle.fetch)")
            return
        }
        #expect(error.code == .truncated)
    }

    @Test func theTransportsOwnErrorReachesTheHandleUnchanged() async throws {
        let (environment, _, events) = recordedEnvironment(RecordedTransport(["Note": .failure(RecordedTransportFault(code: 7))]))
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        #expect(handle.fetch.failure?.transportError as? RecordedTransportFault == RecordedTransportFault(code: 7))
        #expect(events.kinds.compactMap(\.fetchFailure).map(\.0) == [.transport])
    }

    @Test func aDeferredPartIsWrittenAtThePathItsIDAnnounced() async throws {
        let first = try recordedResponse(#"{"data":{"hello":"hi"},"pending":[{"id":"0","path":[],"label":"later"}],"hasNext":true}"#)
        let later = try recordedResponse(#"{"incremental":[{"id":"0","data":{"slow":"done"}}],"completed":[{"id":"0"}],"hasNext":false}"#)
        let (environment, store, _) = recordedEnvironment(RecordedTransport(["Deferred": .responses([first, later])]))
        let handle = environment.watch(DeferredQuery())
        await handle.fetchesSettled()
        #expect(handle.phase.data?.hello == "hi")
        let root = store.allRecords()[.queryRoot]
        #expect(root?.fields.keys.contains { $0.rawValue.hasPrefix("slow") } == true)
    }

    @Test func invalidatingGoesThroughTheExecutorAndKeepsTheMarkInTheStore() async throws {
        let transport = HeldTransport(
            RecordedTransport([:], fallback: .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))])))
        let (environment, store, events) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        events.removeAll()
        transport.close()
        handle.invalidate()
        #expect(handle.isStale)
        #expect(store.operation(handle.key)?.isInvalidated == true)
        #expect(events.kinds.first?.name == "store.published")
        transport.open()
        // A held store-or-network handle refetches what was invalidated.
        await handle.refetch()
        #expect(!handle.isStale)
        #expect(store.operation(handle.key)?.isInvalidated == false)
        #expect(events.kinds.map(\.name).contains("fetch.succeeded"))
    }
}

/// Answers each request with the next response of its list, the last one again once they run out.
private struct AnswersInTurn: Transport {
    let answers: Locked<[GraphQLResponse]>

    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let answer = answers.withLock { list in list.count > 1 ? list.removeFirst() : list[0] }
        return AsyncThrowingStream { continuation in
            continuation.yield(answer)
            continuation.finish()
        }
    }
}
