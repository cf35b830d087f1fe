import Baton
@_spi(Generated) import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import Testing

/// Payloads built in Swift with type cases, a fragment spread, a conditional field and a list,
/// in process: what the initializers build is the JSON a response holds, and written through
/// the store it reads back equal.
@Suite struct TypedPayloadStoreTests {
    static func payload(withPopulation: Bool) -> EntityCardsQuery.Data {
        EntityCardsQuery.Data(entities: [
            .init(
                asCharacter: .init(
                    id: "1", nickname: "Wormie",
                    friends: [.init(id: "2", name: "Han"), .init(id: "3", name: "Leia")]),
                fragments: .init(entityTitle: .init(__typename: "Character", name: "Luke"))),
            .init(
                asLocation: .init(id: "1", population: withPopulation ? 200_000 : nil),
                fragments: .init(entityTitle: .init(__typename: "Location", name: "Tatooine"))),
        ])
    }

    @Test func aPayloadHoldsTheJSONAResponseHolds() throws {
        let data = Self.payload(withPopulation: true)
        let expected = try GraphQLResponse(
            json: try JSONValue(
                parsing: #"""
                    {"data": {"entities": [
                      {"__typename": "Character", "id": "1", "nickname": "Wormie",
                       "friends": [{"__typename": "Character", "id": "2", "name": "Han"}, {"__typename": "Character", "id": "3", "name": "Leia"}],
                       "name": "Luke"},
                      {"__typename": "Location", "id": "1", "population": 200000, "name": "Tatooine"}
                    ]}}
                    """#))
        // The members in the order the initializers give them: a type case's, then the fragment's.
        #expect(.object(data.__data.json) == expected.data)
        #expect(data.entities[0].asCharacter?.friends?.map(\.name) == ["Han", "Leia"])
        #expect(data.entities[0].fragments.entityTitle.name == "Luke")
        #expect(data.entities[1].asLocation?.population == 200_000)
        #expect(data.entities[1].asCharacter == nil, "a type case applies to its type only")
    }

    @Test func aPayloadWithTypeCasesAndAFragmentRoundTripsThroughTheStore() throws {
        let (environment, store, events) = recordedEnvironment(RecordedTransport([:]))
        for withPopulation in [true, false] {
            let query = EntityCardsQuery(withPopulation: withPopulation)
            let written = Self.payload(withPopulation: withPopulation)
            try environment.commitPayload(query, data: written)
            let handle = environment.watch(query, policy: .storeOnly)
            let read = try #require(handle.phase.data, "\(handle.phase)")
            #expect(read.__data.plannedJSON(EntityCardsQuery.plan.selections) == written.__data.plannedJSON(EntityCardsQuery.plan.selections))
            #expect(read.entities.map(\.fragments.entityTitle.name) == ["Luke", "Tatooine"])
            #expect(read.entities[1].asLocation?.population == (withPopulation ? 200_000 : nil))
        }
        // The second payload left the conditional field out: what the first wrote is kept.
        #expect(store.snapshot().records[RecordID("Location:1")]?.fields[FieldKey("population")] == .scalar(200_000))
        #expect(!events.kinds.contains { $0.name == "missing" || $0.name == "unexpected" })
    }
}
