@_spi(Generated) import BatonCore
import Testing

/// An object read from the store sits where the same object read from the response sits: the
/// same path and the same record, however the accessors reached it (an object field, a list of
/// objects, a type case, a fragment) and whatever storage the read gave it.
@Suite("Generated: where objects read from the store sit")
struct ReadPlacesTests {
    @Test func objectsBelowObjectsAndInListsHaveTheResponsesPaths() throws {
        let json = """
            {"data": {"node": {"__typename": "Human", "id": "1",
              "starships": [{"id": "s1", "name": "X-wing"}, {"id": "s2", "name": "Y-wing"}]}}}
            """
        let query = NodeStarshipsQuery(id: "1")
        let fresh = try query.data(from: response(json))
        let cached = try #require(query.cachedRead(try response(json))).data.get()
        for data in [fresh, cached] {
            let node = try #require(data.node)
            #expect(node.__data.path == [.key("node")])
            let starships = try #require(node.asHuman?.starships)
            #expect(starships.map(\.__data.path) == [[.key("node"), .key("starships"), .index(0)], [.key("node"), .key("starships"), .index(1)]])
        }
        let starships = try #require(cached.node?.asHuman?.starships)
        #expect(starships.map(\.__data.record) == [RecordID("Starship:s1"), RecordID("Starship:s2")])
        #expect(cached.node?.__data.record == RecordID("Human:1"))
    }

    @Test func theReadSeesEveryRecordItLookedUpAndNoOther() throws {
        let json = """
            {"data": {"node": {"__typename": "Human", "id": "1",
              "starships": [{"id": "s1", "name": "X-wing"}, {"id": "s2", "name": "Y-wing"}]}}}
            """
        let read = try #require(NodeStarshipsQuery(id: "1").cachedRead(try response(json))).read
        #expect(
            read.seenRecords == [.queryRoot, RecordID("Human:1"), RecordID("Starship:s1"), RecordID("Starship:s2")])
    }

    @Test func aFragmentReadsItsObjectAtTheObjectsPath() throws {
        let json = """
            {"data": {"hero": {
              "__typename": "Droid", "id": "2001", "name": "R2-D2", "nickname": null, "appearsIn": [],
              "friends": [{"__typename": "Human", "name": "Luke"}], "rank": null, "titles": null,
              "primaryFunction": "Astromech"
            }}}
            """
        let query = HeroAndFriendsQuery(episode: .value(.empire))
        let cached = try #require(query.cachedRead(try response(json))).data.get()
        let hero = try #require(cached.hero)
        #expect(hero.fragments.heroDetails.__data.path == [.key("hero")])
        #expect(hero.fragments.heroDetails.__data.owner == "HeroDetails")
        #expect(hero.friends?.first??.__data.path == [.key("hero"), .key("friends"), .index(0)])
    }
}
