import Baton
import BatonCompiler
@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

/// A response the plan cannot read fails as malformed, naming the response path, and the store
/// keeps exactly what it held.
@Suite("Store: malformed responses leave the store unchanged", .serialized)
struct MalformedResponseTests {
    static let query = #"query Luke { character(id: "1") { id name origin { id name } friends { id name } } }"#

    func expectMalformed(_ text: String, code: IngestError.Code, path: [GraphQLError.PathElement]) async throws {
        let harness = try await StoreHarness()
        let operation = try await harness.fetch(Self.query)
        let before = harness.store.snapshot()
        let response = try GraphQLResponse(json: JSONValue(parsing: text))
        do {
            let write = try ResponseNormalizer.normalize(
                response, plan: operation.plan, operation: StoreHarness.key(operation, JSONObject()))
            harness.store.write(write)
            Issue.record("a malformed response was normalized")
        } catch {
            #expect(error.code == code)
            #expect(error.path == path)
        }
        #expect(harness.store.snapshot() == before)
    }

    @Test func anOmittedFieldIsMalformedAtItsPath() async throws {
        try await expectMalformed(
            #"{"data": {"character": {"id": "1", "name": "Changed", "origin": {"id": "1"}, "friends": []}}}"#,
            code: .fieldOmitted, path: [.key("character"), .key("origin"), .key("name")])
    }

    @Test func aScalarWhereAnObjectBelongsIsMalformed() async throws {
        try await expectMalformed(
            #"{"data": {"character": {"id": "1", "name": "Changed", "origin": "Tatooine", "friends": []}}}"#,
            code: .wrongKind, path: [.key("character"), .key("origin")])
    }

    @Test func anObjectWhereAListBelongsIsMalformed() async throws {
        try await expectMalformed(
            #"{"data": {"character": {"id": "1", "name": "Changed", "origin": null, "friends": {"id": "2"}}}}"#,
            code: .wrongKind, path: [.key("character"), .key("friends")])
    }

    @Test func aWrongKindInsideAListIsMalformedAtTheElement() async throws {
        try await expectMalformed(
            #"{"data": {"character": {"id": "1", "name": "Changed", "origin": null, "friends": [{"id": "2", "name": "Leia"}, 7]}}}"#,
            code: .wrongKind, path: [.key("character"), .key("friends"), .index(1)])
    }

    @Test func aScalarOfAnotherKindIsStoredAsItCameAndReportedWhenRead() async throws {
        let harness = try await StoreHarness()
        let operation = try StoreHarness.plan(Self.query)
        let response = try GraphQLResponse(
            json: JSONValue(parsing: #"{"data": {"character": {"id": "1", "name": 42, "origin": null, "friends": null}}}"#))
        harness.store.write(
            try ResponseNormalizer.normalize(response, plan: operation.plan, operation: StoreHarness.key(operation, JSONObject())))
        #expect(harness.store.snapshot().records[RecordID("Character:1")]?.fields[FieldKey("name")] == .scalar(42))
        let sink = RecordingEventSink()
        let read = harness.read(operation, events: sink)
        #expect(read.data["character"].optional { $0.object(Name.self) }?.name == "")
        #expect(
            sink.events.contains { event in
                event.kind.unexpectedField?.field.record == RecordID("Character:1")
                    && event.kind.unexpectedField?.field.field == FieldKey("name")
            })
    }

    struct Name: SelectionSet {
        let __data: DataObject
        var name: String { __data["name"].string() }
    }
}
