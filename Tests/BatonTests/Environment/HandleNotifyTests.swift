import Baton
@_spi(Generated) import BatonCore
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Handles are read again only when a record they saw changes.
@Suite struct HandleNotifyTests {
    @Test func oneRecordsChangeRereadsExactlyTheHandlesThatSawIt() throws {
        let unreachable = URL(string: "http://127.0.0.1:9/graphql")!
        let environment = Environment(transport: CurlTransport(endpoint: unreachable), store: MemoryStore())
        let ids = (0..<1000).map { "n\($0)" }
        for id in ids {
            try environment.commitPayload(NoteQuery(id: id), data: Self.payload(id: id, text: "note \(id)"))
        }
        let handles = ids.map { environment.watch(NoteQuery(id: $0), policy: .storeOnly) }
        #expect(handles.allSatisfy { $0.phase.data != nil })
        let before = handles.map(\.readCount)

        try environment.commitPayload(NoteQuery(id: "n500"), data: Self.payload(id: "n500", text: "changed"))

        let reread = zip(handles, before).enumerated().filter { $0.element.0.readCount != $0.element.1 }.map(\.offset)
        #expect(reread == [500])
        #expect(handles[500].phase.data?.note.text == "changed")
        #expect(handles[499].phase.data?.note.text == "note n499")
    }

    @Test func aWriteThatChangesNothingRereadsNothing() throws {
        let environment = Environment(
            transport: CurlTransport(endpoint: URL(string: "http://127.0.0.1:9/graphql")!), store: MemoryStore())
        try environment.commitPayload(NoteQuery(id: "same"), data: Self.payload(id: "same", text: "same"))
        let handle = environment.watch(NoteQuery(id: "same"), policy: .storeOnly)
        let reads = handle.readCount
        try environment.commitPayload(NoteQuery(id: "same"), data: Self.payload(id: "same", text: "same"))
        #expect(handle.readCount == reads)
    }

    static func payload(id: String, text: String) -> NoteQuery.Data {
        NoteQuery.Data(note: .init(id: id, text: text))
    }
}

/// The environment's `onError` goes out with every operation.
@Suite struct EnvironmentOptionsTests {
    @Test func theConfiguredOnErrorAndHeadersAreSentWithEveryOperation() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(
            transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(),
            options: Environment.Options(headers: [HeaderField(name: "X-Baton-Test", value: "env")], onError: .null))
        let handle = environment.watch(RequestEchoQuery())
        _ = try await handle.result()
        let ready = handle.snapshot
        #expect(ready.phase.data?.onError == "NULL")
        #expect(ready.phase.data?.header == "env")
    }
}
