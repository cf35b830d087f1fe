@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Generated: type cases read the fields of their broader sibling type cases")
struct SiblingTypeCaseTests {
    @Test func aUnionMemberReadsTheInterfaceTypeCasesFields() throws {
        let json = """
            {"data": {"search": [
              {"__typename": "Human", "name": "Luke", "friends": [{"__typename": "Droid", "name": "R2-D2"}], "homePlanet": "Tatooine"},
              {"__typename": "Starship", "name": "Falcon"}], "node": null}}
            """
        let search = try TypeCaseSiblingsQuery(text: "a", id: "1").dataCheckingStore(from: response(json)).search
        let human = try #require(search.first?.asHuman)
        #expect(human.name == "Luke")
        #expect(human.homePlanet == "Tatooine")
        // An object field the member does not select again is the interface type case's struct.
        let friend: TypeCaseSiblingsQuery.Data.Search.AsCharacter.Friend? = try #require(human.friends?.first)
        #expect(friend?.name == "R2-D2")
        #expect(search.first?.asCharacter?.name == "Luke")
        #expect(search.last?.asHuman == nil)
        #expect(search.last?.asCharacter == nil)
    }

    @Test func aKeySelectedByTheBroaderSiblingTooMergesItsSubSelections() throws {
        let json = """
            {"data": {"search": [{"__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech",
              "friends": [{"__typename": "Human", "name": "Luke", "id": "1000"}, null]}], "node": null}}
            """
        let search = try TypeCaseSiblingsQuery(text: "a", id: "1").dataCheckingStore(from: response(json)).search
        let droid = try #require(search.first?.asDroid)
        #expect(droid.name == "R2-D2")
        #expect(droid.primaryFunction == "Astromech")
        let friend: TypeCaseSiblingsQuery.Data.Search.AsDroid.Friend = try #require(droid.friends?.first ?? nil)
        #expect(friend.name == "Luke")
        #expect(friend.id == "1000")
        #expect(droid.friends?.count == 2)
        #expect(search.first?.asCharacter?.friends?.first??.name == "Luke")
    }

    @Test func aConcreteTypeCaseReadsAnInterfaceTypeCaseWrittenAfterIt() throws {
        let json = """
            {"data": {"search": [], "node": {"__typename": "Droid", "primaryFunction": "Astromech",
              "nickname": "Artoo", "friends": [{"__typename": "Human", "name": "Luke"}]}}}
            """
        let node = try #require(try TypeCaseSiblingsQuery(text: "a", id: "2001").dataCheckingStore(from: response(json)).node)
        let droid = try #require(node.asDroid)
        #expect(droid.primaryFunction == "Astromech")
        #expect(droid.nickname == "Artoo")
        let friend: TypeCaseSiblingsQuery.Data.Node.AsCharacter.Friend? = try #require(droid.friends?.first)
        #expect(friend?.name == "Luke")
    }

    @Test func aBroaderSiblingsRequiredFieldNullsTheNarrowerTypeCaseToo() throws {
        let json = """
            {"data": {"search": [], "node": {"__typename": "Droid", "primaryFunction": "Astromech",
              "nickname": null, "friends": []}}}
            """
        let sink = RecordingEventSink()
        let node = try #require(try TypeCaseSiblingsQuery(text: "a", id: "2001").dataCheckingStore(from: response(json), events: sink).node)
        #expect(node.asCharacter == nil)
        #expect(node.asDroid == nil)
        #expect(TypeCaseSiblingsQuery.Data.Node.AsDroid.__requiredFields.map(\.responseKey) == ["nickname"])
        #expect(sink.kinds.allSatisfy { $0 == .requiredFieldMissing(fragment: "TypeCaseSiblings", path: "node.nickname") })
        #expect(!sink.kinds.isEmpty)
    }
}
