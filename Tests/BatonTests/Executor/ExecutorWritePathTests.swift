import Baton
@_spi(Generated) @_spi(Transport) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// The executor's writes beside a query's fetch, in process: optimistic layers laid and lifted,
/// and the single response's body normalized from its bytes, identically to the parsed tree.
@Suite struct ExecutorWritePathTests {
    @Test func anOptimisticLayerShowsAtOnceAndIsLiftedWhenTheAnswerIsStored() async throws {
        let transport = RecordedTransport(
            [
                "Note": .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))]),
                "SetNote": .responses([try recordedResponse(noteAnswer(id: "1", text: "server", field: "setNote"))]),
            ], delay: .milliseconds(200))
        let (environment, store, _) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        let mutation = Task {
            try await environment.mutate(
                SetNoteMutation(id: "1", text: "server"),
                optimisticResponse: SetNoteMutation.Data(setNote: .init(id: "1", text: "optimistic")))
        }
        let shown = try await handle.first { $0.phase.data?.note.text == "optimistic" }
        #expect(shown.phase.data?.note.text == "optimistic")
        #expect(store.allRecords()[RecordID("Note:1")]?.fields[FieldKey("text")] == .scalar(.string("one")))
        _ = try await mutation.value
        #expect(handle.phase.data?.note.text == "server")
    }

    @Test func aFailedMutationLiftsItsLayerAndTheStoreIsAsItWas() async throws {
        let transport = RecordedTransport([
            "Note": .responses([try recordedResponse(noteAnswer(id: "1", text: "one"))]),
            "SetNote": .failure(RecordedTransportFault(code: 3)),
        ])
        let (environment, _, events) = recordedEnvironment(transport)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        await #expect(throws: OperationFailure.self) {
            try await environment.mutate(
                SetNoteMutation(id: "1", text: "never"),
                optimisticResponse: SetNoteMutation.Data(setNote: .init(id: "1", text: "optimistic")))
        }
        #expect(handle.phase.data?.note.text == "one")
        #expect(events.events(of: "SetNote").map(\.kind.name) == ["fetch.started", "fetch.failed"])
    }

    @Test func anHTTPBodyIsNormalizedFromItsBytesIntoTheSameStoreAsItsParsedTree() async throws {
        let text =
            #"{"data":{"note":{"__typename":"Note","id":"7","text":"bytes \u00e9"}},"errors":[{"message":"x","path":["note","text"],"extensions":{"code":"E"}}]}"#
        let overHTTP = GraphQLOverHTTP(
            endpoint: URL(string: "http://127.0.0.1:1/graphql")!, client: CannedBodyClient(body: Array(text.utf8)))
        let (bytesEnvironment, bytesStore, _) = recordedEnvironment(overHTTP)
        let (treeEnvironment, treeStore, _) = recordedEnvironment(RecordedTransport(["Note": .responses([try recordedResponse(text)])]))
        let fromBytes = bytesEnvironment.watch(NoteQuery(id: "7"))
        let fromTree = treeEnvironment.watch(NoteQuery(id: "7"))
        await fromBytes.fetchesSettled()
        await fromTree.fetchesSettled()
        #expect(bytesEnvironment.bodiesNormalizedFromBytes == 1)
        #expect(treeEnvironment.bodiesNormalizedFromBytes == 0)
        #expect(bytesStore.allRecords() == treeStore.allRecords())
        #expect(fromBytes.errors == fromTree.errors)
        #expect(fromBytes.phase.data?.note.text == fromTree.phase.data?.note.text)
    }

    @Test func anHTTPBodyOfErrorsWithoutDataIsClassifiedByTheExecutorAsARequestError() async throws {
        let text = #"{"errors":[{"message":"no","extensions":{"code":"REFUSED"}}]}"#
        let overHTTP = GraphQLOverHTTP(
            endpoint: URL(string: "http://127.0.0.1:1/graphql")!, client: CannedBodyClient(body: Array(text.utf8)))
        let (environment, store, _) = recordedEnvironment(overHTTP)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        #expect(handle.fetch.failure?.requestErrors.first?.code == "REFUSED")
        #expect(environment.bodiesNormalizedFromBytes == 0)
        #expect(store.allRecords().isEmpty)
    }

    @Test func anHTTPBodyThatIsNotJSONIsMalformedWithItsParseError() async throws {
        let overHTTP = GraphQLOverHTTP(
            endpoint: URL(string: "http://127.0.0.1:1/graphql")!, client: CannedBodyClient(body: Array("{]".utf8)))
        let (environment, _, _) = recordedEnvironment(overHTTP)
        let handle = environment.watch(NoteQuery(id: "1"))
        await handle.fetchesSettled()
        guard case .malformed(let error)? = handle.fetch.failure else {
            Issue.record("expected malformed, got \(handle.fetch)")
            return
        }
        #expect(error.code == .invalidJSON)
    }
}
