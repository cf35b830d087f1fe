@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Generated: @required, @catch, @throwOnFieldError")
struct DirectiveTests {
    @Test func requiredLogBubblesToTheRootAsAVerdict() throws {
        let sink = RecordingEventSink()
        let json = #"{"data": {"human": {"name": "Luke", "homePlanet": null}, "droid": null, "hero": null}}"#
        #expect(throws: DataError.requiredFieldMissing(RequiredFieldError(owner: "RequiredFields", path: "human.homePlanet"))) {
            try RequiredFieldsQuery(id: "1").dataCheckingStore(from: response(json), events: sink)
        }
        #expect(
            sink.kinds == [
                .requiredFieldMissing(fragment: "RequiredFields", path: "human.homePlanet"),
                .requiredFieldMissing(fragment: "RequiredFields", path: "human"),
            ])
    }

    @Test func requiredFieldsAreNonOptionalWhenPresent() throws {
        let json = """
            {"data": {"human": {"name": "Luke", "homePlanet": "Tatooine"},
              "droid": {"name": "R2", "primaryFunction": "Astromech"},
              "hero": {"__typename": "Human", "name": "Luke", "friends": [{"__typename": "Droid", "nickname": "R2"}, {"__typename": "Human", "nickname": null}]}}}
            """
        let sink = RecordingEventSink()
        let data = try RequiredFieldsQuery(id: "1").dataCheckingStore(from: response(json), events: sink)
        #expect(data.human.homePlanet == "Tatooine")
        #expect(try data.droid?.primaryFunction == "Astromech")
        #expect(data.hero?.friends?.map { $0?.nickname } == ["R2", nil])
        #expect(sink.kinds == [.requiredFieldMissing(fragment: "RequiredFields", path: "hero.friends.1.nickname")])
    }

    @Test func requiredThrowThrowsFromTheAccessor() throws {
        let json = #"{"data": {"human": {"name": "a", "homePlanet": "b"}, "droid": {"name": "R2", "primaryFunction": null}, "hero": null}}"#
        let data = try RequiredFieldsQuery(id: "1").dataCheckingStore(from: response(json))
        let droid = try #require(data.droid)
        #expect(throws: RequiredFieldError(owner: "RequiredFields", path: "droid.primaryFunction")) { try droid.primaryFunction }
    }

    @Test func requiredChainsBubbleThroughRequiredParents() throws {
        #expect(throws: DataError.requiredFieldMissing(RequiredFieldError(owner: "RequiredChain", path: "hero.nickname"))) {
            try RequiredChainQuery().dataCheckingStore(from: response(#"{"data": {"hero": {"nickname": null}}}"#))
        }
        let data = try RequiredChainQuery().dataCheckingStore(from: response(#"{"data": {"hero": {"nickname": "Goldenrod"}}}"#))
        #expect(data.hero.nickname == "Goldenrod")
    }

    @Test func requiredInAFragmentNullsItsSpread() throws {
        let null = #"{"data": {"hero": {"__typename": "Droid", "id": "1", "nickname": null}}}"#
        #expect(try RequiredSpreadQuery().dataCheckingStore(from: response(null)).hero?.fragments.requiredNickname == nil)
        let present = #"{"data": {"hero": {"__typename": "Droid", "id": "1", "nickname": "Shorty"}}}"#
        #expect(try RequiredSpreadQuery().dataCheckingStore(from: response(present)).hero?.fragments.requiredNickname?.nickname == "Shorty")
    }

    @Test func catchTurnsErrorsIntoResultsAndNulls() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "nickname": null, "rank": null, "titles": ["a", "b"], "friends": null}},
             "errors": [
               {"message": "nickname failed", "path": ["hero", "nickname"]},
               {"message": "rank failed", "path": ["hero", "rank"]},
               {"message": "friend rank failed", "path": ["hero", "friends", 0, "rank"]}
             ]}
            """
        let hero = try #require(try CatchFieldsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.nickname.failure?.errors.map(\.message) == ["nickname failed"])
        #expect(hero.rank == nil)
        #expect(hero.titles == .success(["a", "b"]))
        #expect(hero.friends.failure?.errors.map(\.message) == ["friend rank failed"])
    }

    @Test func caughtSemanticNonNullFieldsAreNonOptional() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "nickname": "n", "rank": "r", "titles": ["t"], "friends": [{"__typename": "Human", "rank": "Captain"}]}}}
            """
        let hero = try #require(try CatchFieldsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.nickname == .success("n"))
        #expect(hero.rank == "r")
        let friends = try hero.friends.get()
        #expect(friends?.first??.rank == "Captain")
    }

    @Test func caughtFragmentIsAResult() throws {
        let failing = """
            {"data": {"hero": {"__typename": "Droid", "rank": null}}, "errors": [{"message": "no rank", "path": ["hero", "rank"]}]}
            """
        let caught = try #require(try CaughtSpreadQuery().dataCheckingStore(from: response(failing)).hero)
        #expect(caught.fragments.caughtRank.failure?.errors.map(\.message) == ["no rank"])
        let fine = try #require(
            try CaughtSpreadQuery().dataCheckingStore(from: response(#"{"data": {"hero": {"__typename": "Droid", "rank": "Major"}}}"#)).hero)
        #expect(try fine.fragments.caughtRank.get().rank == "Major")
    }

    @Test func throwOnFieldErrorMakesAnyUncaughtErrorAVerdict() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "name": "R2", "rank": null, "titles": [], "friends": []}},
             "errors": [{"message": "rank failed", "path": ["hero", "rank"]}]}
            """
        let parsed = try response(json)
        #expect(throws: DataError.fieldErrors(FieldErrors(parsed.errors))) { try StrictHeroQuery().dataCheckingStore(from: parsed) }
        #expect(parsed.errors.map(\.message) == ["rank failed"])
    }

    @Test func semanticNonNullFieldsAreNonOptionalUnderThrowOnFieldError() throws {
        let sink = RecordingEventSink()
        let json = """
            {"data": {"hero": {"__typename": "Droid", "name": "R2", "rank": "Astromech", "titles": ["a", null],
              "friends": [{"__typename": "Human", "name": "Luke", "rank": "Commander"}]}}}
            """
        let hero = try #require(try StrictHeroQuery().dataCheckingStore(from: response(json), events: sink).hero)
        #expect(hero.rank == "Astromech")
        #expect(hero.titles == ["a", ""])
        #expect(hero.friends?.first??.rank == "Commander")
        #expect(sink.kinds.count == 1)
    }

    @Test func throwingFragmentThrowsAtTheSpread() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "id": "1", "name": "R2", "rank": null, "titles": []}},
             "errors": [{"message": "rank failed", "path": ["hero", "rank"]}]}
            """
        let hero = try #require(try UsesStrictQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.id == "1")
        #expect(throws: FieldErrors.self) { try hero.fragments.strictDetails }
        let fine = #"{"data": {"hero": {"__typename": "Droid", "id": "1", "name": "R2", "rank": "A", "titles": ["x"]}}}"#
        let details = try #require(try UsesStrictQuery().dataCheckingStore(from: response(fine)).hero).fragments.strictDetails
        #expect(details.rank == "A")
        #expect(details.titles == ["x"])
    }
}

extension Result {
    /// The error of a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
