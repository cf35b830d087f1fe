import Baton
import BatonCompiler
@_spi(Generated) import BatonCore
import Testing

/// A document that answers another field under `__typename` (`__typename: id`) on an interface:
/// the `__typename` Baton adds goes under a key of its own, the server accepts the document, and
/// the typename reads through the plan from the response and from the store alike.
@Suite("Store: __typename aliased to another field, against the reference server")
struct TypenameAliasTests {
    static let query = """
        query Entities {
          entities { __typename: id name ... on Character { nickname } ... on Location { population } }
        }
        """

    /// The typed view of `Entities`, written as `baton generate` writes one.
    struct EntitiesData: OperationData {
        static let planned = Result { try StoreHarness.plan(TypenameAliasTests.query) }
        static var __plan: OperationPlan {
            (try? planned.get().plan) ?? OperationPlan(name: "", operationType: .query, rootTypename: "Query", selections: [])
        }
        let __data: DataObject
        var entities: [Entity] { __data["entities"].list { $0.object(Entity.self) } }

        struct Entity: SelectionSet {
            let __data: DataObject
            /// The document's own `__typename`: the id.
            var __typename: String { __data["__typename"].string() }
            var name: String { __data["name"].string() }
            var asCharacter: AsCharacter? { __data.viewIfPresent(AsCharacter.self) }
            var asLocation: AsLocation? { __data.viewIfPresent(AsLocation.self) }

            struct AsCharacter: SelectionSet {
                static var __possibleTypes: Set<String>? { ["Character"] }
                let __data: DataObject
                var nickname: String? { __data["nickname"].optional { $0.string() } }
            }

            struct AsLocation: SelectionSet {
                static var __possibleTypes: Set<String>? { ["Location"] }
                let __data: DataObject
                var population: Int? { __data["population"].optional { $0.int() } }
            }
        }
    }

    static func expectEntities(_ data: EntitiesData, _ source: String) {
        let entities = data.entities
        #expect(entities.map(\.__typename) == ["1", "1"], "\(source)")
        #expect(entities.map(\.name) == ["Luke", "Tatooine"], "\(source)")
        #expect(entities.first?.asCharacter?.nickname == "Wormie", "\(source)")
        #expect(entities.first?.asLocation == nil, "\(source)")
        #expect(entities.last?.asCharacter == nil, "\(source)")
        #expect(entities.last?.asLocation?.population == 200_000, "\(source)")
    }

    @Test func theServerAcceptsTheDocumentAndTheTypenameReadsFromResponseAndStore() async throws {
        let operation = try EntitiesData.planned.get()
        #expect(operation.plan.typenameKey == "__baton_typename")
        #expect(operation.document.contains("__baton_typename: __typename\n    __typename: id\n"))

        let harness = try await StoreHarness()
        let response = try #require(try await harness.payloads(operation).first)
        #expect(response.errors.isEmpty, "\(response.errors)")
        Self.expectEntities(try EntitiesData(response: response), "response")

        try await harness.fetch(Self.query)
        // The two share the id "1": only the typename read under the plan's key keeps them apart.
        let snapshot = harness.store.snapshot()
        #expect(snapshot.record(RecordID("Character:1"))?.typename == "Character")
        #expect(snapshot.record(RecordID("Location:1"))?.typename == "Location")
        let read = harness.read(operation)
        #expect(read.missing.isEmpty)
        Self.expectEntities(try EntitiesData(read), "store")
    }
}
