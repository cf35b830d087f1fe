import Baton
import BatonCompiler
@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

/// The seed's "Honest data" example: a character whose `origin` another operation retargets to
/// a record fetched with fewer fields.
@Suite("Store: honest data against the reference server", .serialized)
struct HonestDataTests {
    static let withOrigin = """
        query CharacterWithOrigin { character(id: "1") { id name ...OriginName } }
        fragment OriginName on Character { origin { id name } }
        """
    static let moved = #"query MovedCharacter { character(id: "1", era: LATER) { id origin { id } } }"#

    /// The typed view of `CharacterWithOrigin`, written as `baton generate` writes one.
    struct CharacterData: SelectionSet {
        let __data: DataObject
        var character: Character? { __data["character"].optional { $0.object(Character.self) } }

        struct Character: SelectionSet {
            let __data: DataObject
            var name: String { __data["name"].string() }
            var originName: OriginName { __data.view(OriginName.self) }
        }
    }

    /// The fragment `OriginName`'s view.
    struct OriginName: FragmentView {
        static let plan = FragmentPlan(
            name: "OriginName", typeCondition: "Character", possibleTypes: ["Character"], selections: [])
        let __data: DataObject
        var origin: Origin? { __data["origin"].optional { $0.object(Origin.self) } }

        struct Origin: SelectionSet {
            let __data: DataObject
            var id: String { __data["id"].string() }
            var name: String { __data["name"].string() }
        }
    }

    @Test func aRetargetedLinkReadsAsZeroWithOneMissingEventAndSaysDataWasMissing() async throws {
        let harness = try await StoreHarness()
        let first = try await harness.fetch(Self.withOrigin)
        let before = harness.read(first)
        #expect(!before.isMissingData)
        #expect(CharacterData(__data: before.data).character?.originName.origin?.name == "Tatooine")

        try await harness.fetch(Self.moved)
        let sink = RecordingEventSink()
        let after = harness.read(first, events: sink)
        let character = try #require(CharacterData(__data: after.data).character)
        #expect(character.name == "Luke")
        let origin = try #require(character.originName.origin)
        #expect(origin.id == "2")
        #expect(origin.name == "")
        let missing = MissingField(owner: "OriginName", record: RecordID("Location:2"), field: FieldKey("name"))
        #expect(after.isMissingData)
        #expect(after.missing == [missing])
        #expect(sink.missing == [missing])
        #expect(after.seenRecords.isSuperset(of: [RecordID.queryRoot, RecordID("Character:1"), RecordID("Location:2")]))
    }

    @Test func aCharacterAndALocationSharingAnIDAreTwoRecords() async throws {
        let harness = try await StoreHarness()
        try await harness.fetch(#"query Both { character(id: "1") { id name } location(id: "1") { id name } }"#)
        let records = harness.store.snapshot().records
        #expect(records[RecordID("Character:1")]?.fields[FieldKey("name")] == .scalar("Luke"))
        #expect(records[RecordID("Location:1")]?.fields[FieldKey("name")] == .scalar("Tatooine"))
    }
}

/// Keeps the events it receives.
