@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Generated: type cases read their enclosing selection set's fields")
struct TypeCaseTests {
    @Test func aTypeCaseReadsTheFieldsAroundIt() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "nickname": "Artoo",
              "appearsIn": ["JEDI"], "friends": [{"__typename": "Human", "name": "Luke"}, null],
              "rank": null, "titles": null, "primaryFunction": "Astromech"}}}
            """
        let hero = try #require(try HeroAndFriendsQuery().dataCheckingStore(from: response(json)).hero)
        let droid = try #require(hero.asDroid)
        #expect(droid.__typename == "Droid")
        #expect(droid.id == "2001")
        #expect(droid.name == "R2-D2")
        #expect(droid.nickname == "Artoo")
        #expect(droid.appearsIn == [.jedi])
        #expect(droid.friends?.map { $0?.name } == ["Luke", nil])
        #expect(droid.primaryFunction == "Astromech")
        #expect(hero.asHuman?.name == nil)
    }

    @Test func aTypeCaseMatchesOnTheTypenameKeyOfThePlanWhenAnotherFieldTakesTypename() throws {
        // The document answers `id` under `__typename`; Baton's own typename is under the plan's key.
        #expect(AliasedTypenameQuery.plan.typenameKey == "__baton_typename")
        let json = """
            {"data": {"hero": {"__baton_typename": "Droid", "__typename": "2001", "name": "R2-D2",
              "primaryFunction": "Astromech"}}}
            """
        let hero = try #require(try AliasedTypenameQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.__typename == "2001")
        #expect(hero.__baton_typename == "Droid")
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.asHuman == nil)
        let stored = try #require(AliasedTypenameQuery().cachedRead(response(json)))
        #expect(stored.read.seenRecords.contains(RecordID("Droid:2001")))
    }

    @Test func anUnchangedObjectFieldKeepsTheEnclosingStruct() throws {
        let json = """
            {"data": {"hero": {"__typename": "Human", "id": "1000", "name": "Luke", "nickname": null,
              "appearsIn": [], "friends": [{"__typename": "Droid", "name": "R2"}], "height": 5.6, "homePlanet": "Tatooine"}}}
            """
        let hero = try #require(try HeroAndFriendsQuery().dataCheckingStore(from: response(json)).hero)
        let human = try #require(hero.asHuman)
        // One struct for the field, wherever it is read from.
        let friend: HeroAndFriendsQuery.Data.Hero.Friend? = try #require(human.friends?.first)
        #expect(friend?.name == "R2")
        #expect(human.homePlanet == "Tatooine")
    }

    @Test func aKeySelectedInBothMergesItsSubSelections() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "name": "R2-D2", "nickname": null,
              "friends": [{"__typename": "Human", "name": "Luke", "id": "1000"}], "primaryFunction": "Astromech"},
             "node": null}}
            """
        let sink = RecordingEventSink()
        let hero = try #require(try TypeCaseMergeQuery(id: "1").dataCheckingStore(from: response(json), events: sink).hero)
        #expect(hero.friends?.first??.name == "Luke")
        let friend = try #require(hero.asDroid?.friends?.first ?? nil)
        #expect(friend.name == "Luke")
        #expect(friend.id == "1000")
        #expect(hero.asHuman == nil)
        #expect(sink.kinds.isEmpty)
    }

    @Test func aRepeatedFieldInATypeCaseReusesTheEnclosingStruct() throws {
        let json = """
            {"data": {"hero": {"__typename": "Human", "name": "Luke", "nickname": "Wormie",
              "friends": [{"__typename": "Droid", "name": "R2"}], "homePlanet": "Tatooine"}, "node": null}}
            """
        let hero = try #require(try TypeCaseMergeQuery(id: "1").dataCheckingStore(from: response(json)).hero)
        let human = try #require(hero.asHuman)
        let friend: TypeCaseMergeQuery.Data.Hero.Friend? = try #require(human.friends?.first)
        #expect(friend?.name == "R2")
        #expect(human.name == "Luke")
        #expect(human.nickname == "Wormie")
        #expect(human.homePlanet == "Tatooine")
    }

    @Test func aTypeCasesOwnStructDoesNotShadowAnInheritedOne() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "friends": [{"__typename": "Human", "name": "Luke"}],
              "friend": [{"__typename": "Human", "id": "1000"}]}}}
            """
        // Read fresh only: `friend` aliases `friends`, and no server sends one field two ways.
        let droid = try #require(try TypeCaseNamesQuery().data(from: response(json)).hero?.asDroid)
        let inherited: TypeCaseNamesQuery.Data.Hero.Friend? = try #require(droid.friends?.first)
        #expect(inherited?.name == "Luke")
        let own: TypeCaseNamesQuery.Data.Hero.AsDroid.Friend_? = try #require(droid.friend?.first)
        #expect(own?.id == "1000")
    }

    @Test func anAbstractTypeCaseAndItsNestedTypeCaseReadEveryLevel() throws {
        let json = """
            {"data": {"hero": null, "node": {"__typename": "Droid", "id": "2001", "name": "R2-D2",
              "friends": [{"__typename": "Human", "name": "Luke", "id": "1000"}], "primaryFunction": "Astromech"}}}
            """
        let node = try #require(try TypeCaseMergeQuery(id: "2001").dataCheckingStore(from: response(json)).node)
        let character = try #require(node.asCharacter)
        #expect(character.id == "2001")
        #expect(character.name == "R2-D2")
        #expect(character.friends?.first??.name == "Luke")
        let droid = try #require(character.asDroid)
        #expect(droid.id == "2001")
        #expect(droid.name == "R2-D2")
        #expect(droid.primaryFunction == "Astromech")
        let friend = try #require(droid.friends?.first ?? nil)
        #expect(friend.name == "Luke")
        #expect(friend.id == "1000")
    }

    @Test func anAbstractTypeCaseIsNilForATypeOutsideIt() throws {
        let json = #"{"data": {"hero": null, "node": {"__typename": "Starship", "id": "3000"}}}"#
        let node = try #require(try TypeCaseMergeQuery(id: "3000").dataCheckingStore(from: response(json)).node)
        #expect(node.id == "3000")
        #expect(node.asCharacter == nil)
    }

    @Test func aFragmentsTypeCaseReadsTheFragmentsFields() throws {
        let json: JSONObject = ["__typename": "Starship", "id": "3000", "name": "Falcon"]
        let root = DataObject(json: json, owner: "NodeSummary", record: RecordID("3000"))
        let summary = NodeSummary(__data: root)
        #expect(summary.asStarship?.id == "3000")
        #expect(summary.asStarship?.name == "Falcon")
    }

    @Test func directivesShapeAnInheritedFieldAsInTheEnclosingStruct() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "rank": "Astromech", "titles": ["Hero"], "nickname": null,
              "friends": [{"__typename": "Human", "rank": null}], "primaryFunction": "Astromech"}},
             "errors": [{"message": "rank hidden", "path": ["hero", "friends", 0, "rank"]}]}
            """
        let hero = try #require(try TypeCaseDirectivesQuery().dataCheckingStore(from: response(json)).hero)
        let droid = try #require(hero.asDroid)
        // @semanticNonNull under @throwOnFieldError: non-optional in both.
        #expect(droid.rank == hero.rank)
        #expect(droid.titles == ["Hero"])
        // @required(action: THROW): the same error from both.
        let error = RequiredFieldError(owner: "TypeCaseDirectives", path: "hero.nickname")
        #expect(throws: error) { try hero.nickname }
        #expect(throws: error) { try droid.nickname }
        // @catch(to: RESULT): the same caught errors from both.
        #expect(droid.friends.failure?.errors.map(\.message) == ["rank hidden"])
        #expect(hero.friends.failure?.errors.map(\.message) == ["rank hidden"])
        #expect(droid.primaryFunction == "Astromech")
    }

    @Test func requiredLogInTheEnclosingStructIsReportedOnce() throws {
        let sink = RecordingEventSink()
        let null = #"{"data": {"hero": {"__typename": "Human", "nickname": null, "homePlanet": "Tatooine"}}}"#
        #expect(try TypeCaseRequiredQuery().dataCheckingStore(from: response(null), events: sink).hero == nil)
        #expect(sink.kinds == [.requiredFieldMissing(fragment: "TypeCaseRequired", path: "hero.nickname")])

        let present = #"{"data": {"hero": {"__typename": "Human", "nickname": "Wormie", "homePlanet": "Tatooine"}}}"#
        let hero = try #require(try TypeCaseRequiredQuery().dataCheckingStore(from: response(present)).hero)
        #expect(hero.asHuman?.nickname == "Wormie")
        #expect(hero.asHuman?.homePlanet == "Tatooine")
        #expect(TypeCaseRequiredQuery.Data.Hero.AsHuman.__requiredFields.isEmpty)
    }

    @Test func conditionalAndDeferredFieldsStayOptionalInATypeCase() throws {
        let json = #"{"data": {"hero": {"__typename": "Droid", "nickname": "Artoo", "primaryFunction": "Astromech"}}}"#
        let query = ConditionalQuery(withFriends: true, skipName: .value(true))
        let droid = try #require(try query.dataCheckingStore(from: response(json)).hero?.asDroid)
        #expect(droid.name == nil)
        #expect(droid.friends == nil)
        #expect(droid.nickname == "Artoo")
        #expect(droid.primaryFunction == "Astromech")

        let initial = #"{"data": {"hero": {"__typename": "Droid", "id": "1"}}, "hasNext": true}"#
        #expect(try DeferredHeroQuery().dataCheckingStore(from: response(initial)).hero?.asDroid == nil)
        let merged = #"{"data": {"hero": {"__typename": "Droid", "id": "1", "primaryFunction": "Astromech"}}}"#
        #expect(try DeferredHeroQuery().dataCheckingStore(from: response(merged)).hero?.asDroid?.id == "1")
    }
}
