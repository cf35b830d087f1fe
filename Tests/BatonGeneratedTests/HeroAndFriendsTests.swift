@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Generated: interfaces, type cases and fragments")
struct HeroAndFriendsTests {
    let droid = """
        {"data": {"hero": {
          "__typename": "Droid", "id": "2001", "name": "R2-D2", "nickname": null,
          "appearsIn": ["NEWHOPE", "EMPIRE", "PHANTOM", null],
          "friends": [{"__typename": "Human", "name": "Luke"}, null],
          "rank": "Astromech", "titles": ["Hero", null],
          "primaryFunction": "Astromech"
        }}}
        """

    @Test func readsEveryFieldOfADroid() throws {
        let sink = RecordingEventSink()
        let data = try HeroAndFriendsQuery(episode: .value(.empire)).dataCheckingStore(from: response(droid), events: sink)
        let hero = try #require(data.hero)
        #expect(hero.__typename == "Droid")
        #expect(hero.id == "2001")
        #expect(hero.name == "R2-D2")
        #expect(hero.nickname == nil)
        #expect(hero.appearsIn == [.newhope, .empire, .unknown("PHANTOM"), nil])
        #expect(hero.friends?.map { $0?.name } == ["Luke", nil])
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.asHuman == nil)
        let details = hero.fragments.heroDetails
        #expect(details.name == "R2-D2")
        #expect(details.rank == "Astromech")
        #expect(details.titles == ["Hero", nil])
        #expect(sink.kinds.isEmpty)
    }

    @Test func humanTypeCaseReadsItsOwnFields() throws {
        let json = """
            {"data": {"hero": {"__typename": "Human", "id": "1000", "name": "Luke", "nickname": "Wormie",
              "appearsIn": [], "friends": null, "rank": null, "titles": null, "height": 5.6, "homePlanet": "Tatooine"}}}
            """
        let hero = try #require(try HeroAndFriendsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.asDroid == nil)
        #expect(hero.asHuman?.height == 5.6)
        #expect(hero.asHuman?.homePlanet == "Tatooine")
        #expect(hero.friends == nil)
        #expect(hero.fragments.heroDetails.rank == nil)
    }

    @Test func aFieldErrorBehindANullStaysVisible() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "id": "1", "name": "R2", "nickname": null, "appearsIn": [],
              "friends": [], "rank": null, "titles": [], "primaryFunction": null}},
             "errors": [{"message": "rank is secret", "path": ["hero", "rank"], "extensions": {"code": "FORBIDDEN"}}]}
            """
        let hero = try #require(try HeroAndFriendsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.fragments.heroDetails.rank == nil)
        #expect(hero.__data.errors(at: "rank").map(\.code) == ["FORBIDDEN"])
        #expect(hero.__data.errors(at: "nickname").isEmpty)
    }

    @Test func missingNonNullFieldsReadAsZeroWithEvents() throws {
        let sink = RecordingEventSink()
        let json = #"{"data": {"hero": {"__typename": "Droid", "id": "3", "friends": [{"__typename": "Droid"}]}}}"#
        let hero = try #require(try HeroAndFriendsQuery().dataCheckingStore(from: response(json), events: sink).hero)
        #expect(hero.name == "")
        #expect(hero.appearsIn == [])
        #expect(hero.friends?.first??.name == "")
        #expect(
            sink.kinds == [
                .missing(fragment: "HeroAndFriends", record: RecordID("3"), field: FieldKey("name")),
                .missing(fragment: "HeroAndFriends", record: RecordID("3"), field: FieldKey("appearsIn")),
                .missing(fragment: "HeroAndFriends", record: RecordID("3:friends:0"), field: FieldKey("name")),
            ])
    }

    @Test func fragmentReadsReportUnderTheFragment() throws {
        let sink = RecordingEventSink()
        let json = #"{"data": {"hero": {"__typename": "Human", "id": "9"}}}"#
        let hero = try #require(try HeroAndFriendsQuery().dataCheckingStore(from: response(json), events: sink).hero)
        #expect(hero.fragments.heroDetails.name == "")
        #expect(sink.kinds == [.missing(fragment: "HeroDetails", record: RecordID("9"), field: FieldKey("name"))])
    }

    @Test func variablesKeepAbsentAndNullApart() {
        #expect(HeroAndFriendsQuery().variables.json.isEmpty)
        #expect(HeroAndFriendsQuery(episode: .null).variables.json == ["episode": nil])
        #expect(HeroAndFriendsQuery(episode: .value(.jedi)).variables.json == ["episode": "JEDI"])
        #expect(HeroAndFriendsQuery(episode: .value(.unknown("HOLIDAY_SPECIAL"))).variables.json == ["episode": "HOLIDAY_SPECIAL"])
    }

    @Test func theDocumentIsSentWithItsFragmentsAndItsID() {
        let request = HeroAndFriendsQuery(episode: .value(.empire)).request()
        #expect(request.query == HeroAndFriendsQuery.document)
        #expect(request.query.hasPrefix("query HeroAndFriends($episode: Episode) {"))
        #expect(request.query.contains("fragment HeroDetails on Character {"))
        #expect(request.operationName == "HeroAndFriends")
        #expect(request.variables == ["episode": "EMPIRE"])
        #expect(HeroAndFriendsQuery.operationID == SHA256.hexDigest(HeroAndFriendsQuery.document))
    }
}
