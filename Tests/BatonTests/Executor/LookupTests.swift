import Baton
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// Lookup root fields (`baton.json` `lookups`: `character(id:)`, `node(id:)`), in process: a
/// watch the store answers is ready with no request, a missing field still heals, and a
/// `node(id:)` matching two records is an `ambiguousIdentity` and a fetch.
@Suite struct LookupTests {
    /// Writes `records` (ID, typename, fields) through an updater.
    private func seed(_ environment: Environment, _ records: [(String, String, [String: JSONValue])]) throws {
        try environment.commitUpdate { store in
            for (id, typename, fields) in records {
                let record = store.create(RecordID(id), typename: typename)
                for (name, value) in fields { record.setValue(value, for: name) }
            }
        }
    }

    @Test func aLookupTheStoreAnswersIsReadyWithNoRequest() throws {
        let transport = RecordedTransport([:])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        events.removeAll()

        let handle = environment.watch(CharacterNameQuery(id: "1"))
        #expect(handle.phase.data?.character?.name == "Luke", "ready on the first snapshot")
        #expect(handle.snapshot.fetch.isInFlight == false)
        #expect(transport.requests.isEmpty, "no request sent")
        #expect(!events.kinds.contains { $0.name == "missing" })
    }

    @Test func aLookupOfARecordTheStoreLacksFetches() async throws {
        let transport = RecordedTransport([
            "CharacterName": .responses([
                try recordedResponse(#"{"data":{"character":{"id":"2","name":"Han"}}}"#)
            ])
        ])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        events.removeAll()

        let result = try await environment.fetch(CharacterNameQuery(id: "2"))
        #expect(result.character?.name == "Han")
        #expect(transport.requests.count == 1)
        #expect(!events.kinds.contains { $0.name == "missing" }, "a miss before the first fetch is expected, not reported")
    }

    @Test func aLookupNeverInventsAMissingFieldItHeals() async throws {
        let transport = RecordedTransport([
            "CharacterNickname": .responses([
                try recordedResponse(#"{"data":{"character":{"id":"1","name":"Luke","nickname":"Wormie"}}}"#)
            ])
        ])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        events.removeAll()

        let result = try await environment.fetch(CharacterNicknameQuery(id: "1"))
        #expect(result.character?.nickname == "Wormie")
        #expect(transport.requests.count == 1, "the record lacked nickname: fetched once")
        #expect(events.kinds.compactMap(\.missingField).map(\.field.rawValue) == ["nickname"])
    }

    @Test func aStoreOnlyLookupReadsTheRecord() throws {
        let (environment, _, _) = recordedEnvironment(RecordedTransport([:]))
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        let handle = environment.watch(CharacterNameQuery(id: "1"), policy: .storeOnly)
        #expect(handle.phase.data?.character?.name == "Luke")
        let absent = environment.watch(CharacterNameQuery(id: "9"), policy: .storeOnly)
        guard case .failed(.notInStore) = absent.phase else {
            Issue.record("a record the store lacks is not in store, got \(absent.phase)")
            return
        }
    }

    @Test func aLookupHandleReReadsWhenItsRecordChanges() throws {
        let (environment, _, _) = recordedEnvironment(RecordedTransport([:]))
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        let handle = environment.watch(CharacterNameQuery(id: "1"))
        try environment.commitUpdate { store in store[RecordID("Character:1")]?.setValue("Luke S.", for: "name") }
        #expect(handle.phase.data?.character?.name == "Luke S.")
    }

    @Test func nodeResolvesWhenExactlyOneTypeMatches() throws {
        let transport = RecordedTransport([:])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(environment, [("Post:p1", "Post", ["id": "p1", "title": "One", "tag": "odd"])])
        events.removeAll()
        let handle = environment.watch(NodeKindQuery(id: "p1"))
        #expect(handle.phase.data?.node?.__typename == "Post")
        #expect(transport.requests.isEmpty)
        #expect(!events.kinds.contains { $0.name == "ambiguousIdentity" })
    }

    @Test func nodeMatchingTwoRecordsIsAmbiguousAndFetches() async throws {
        let transport = RecordedTransport([
            "NodeKind": .responses([try recordedResponse(#"{"data":{"node":{"__typename":"Feed","id":"x"}}}"#)])
        ])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(
            environment,
            [("Post:x", "Post", ["id": "x", "title": "One", "tag": "odd"]), ("Feed:x", "Feed", ["id": "x"])])
        events.removeAll()

        let result = try await environment.fetch(NodeKindQuery(id: "x"))
        #expect(result.node?.__typename == "Feed", "the server's answer, not a guess")
        #expect(transport.requests.count == 1)
        let ambiguous = events.kinds.compactMap(\.ambiguousIdentity)
        #expect(ambiguous.count == 1)
        #expect(ambiguous.first?.field == #"node(id:"x")"#)
        #expect(ambiguous.first?.candidates == [RecordID("Feed:x"), RecordID("Post:x")])
    }

    @Test func aLookupUnderIncludeResolvesWhenTheConditionHolds() throws {
        let transport = RecordedTransport([:])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        events.removeAll()

        let handle = environment.watch(CharacterNameWhenQuery(id: "1", withCharacter: true))
        #expect(handle.phase.data?.character?.name == "Luke", "ready on the first snapshot")
        #expect(handle.snapshot.fetch.isInFlight == false)
        #expect(transport.requests.isEmpty, "no request sent")
        #expect(!events.kinds.contains { $0.name == "missing" })
    }

    @Test func aLookupUnderIncludeThatDoesNotHoldIsNoLookup() async throws {
        let transport = RecordedTransport([
            "CharacterNameWhen": .responses([try recordedResponse(#"{"data":{}}"#)])
        ])
        let (environment, _, _) = recordedEnvironment(transport)
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])

        let result = try await environment.fetch(CharacterNameWhenQuery(id: "1", withCharacter: false))
        #expect(result.character == nil)
        #expect(transport.requests.count == 1, "nothing the store answers: fetched as any query")
    }

    @Test func aLookupInAnInlineFragmentOnTheRootResolves() throws {
        let transport = RecordedTransport([:])
        let (environment, _, events) = recordedEnvironment(transport)
        try seed(environment, [("Character:1", "Character", ["id": "1", "name": "Luke"])])
        events.removeAll()

        let handle = environment.watch(CharacterNameOnRootQuery(id: "1"))
        #expect(handle.phase.data?.character?.name == "Luke", "ready on the first snapshot")
        #expect(transport.requests.isEmpty, "no request sent")
        #expect(!events.kinds.contains { $0.name == "missing" })
    }
}
