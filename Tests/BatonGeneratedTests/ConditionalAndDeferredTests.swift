@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Generated: @include, @skip and @defer")
struct ConditionalAndDeferredTests {
    @Test func skippedFieldsAreNilWithoutEvents() throws {
        let sink = RecordingEventSink()
        let query = ConditionalQuery(withFriends: false, skipName: .value(true))
        #expect(query.variables.json == ["withFriends": false, "skipName": true])
        let json = #"{"data": {"hero": {"__typename": "Droid", "nickname": "Artoo"}}}"#
        let hero = try #require(try query.dataCheckingStore(from: response(json), events: sink).hero)
        #expect(hero.name == nil)
        #expect(hero.friends == nil)
        #expect(hero.nickname == "Artoo")
        #expect(hero.asDroid == nil)
        #expect(sink.kinds.isEmpty)
    }

    @Test func includedFieldsAreRead() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "name": "R2", "nickname": null, "friends": [{"__typename": "Human", "name": "Luke"}], "primaryFunction": "Astromech"}}}
            """
        let hero = try #require(try ConditionalQuery(withFriends: true).dataCheckingStore(from: response(json)).hero)
        #expect(hero.name == "R2")
        #expect(hero.friends?.map { $0?.name } == ["Luke"])
        #expect(hero.asDroid?.primaryFunction == "Astromech")
    }

    @Test func literalConditionsAreResolvedInThePlan() throws {
        guard case .field(let hero)? = ConditionalQuery.plan.selections.first else {
            Issue.record("expected the hero field first")
            return
        }
        let names = hero.selections.map { selection -> String in
            switch selection {
            case .field(let field): return field.name
            case .condition(let condition): return "if \(condition.variable) == \(condition.passingValue)"
            case .inlineFragment, .fragmentSpread, .deferred: return "fragment"
            }
        }
        // `nickname @include(if: true)` is always selected; `id @skip(if: true)` never is.
        #expect(names == ["__typename", "if skipName == false", "if withFriends == true", "nickname", "if withFriends == true"])
        #expect(ConditionalQuery.document.contains("name @skip(if: $skipName)"))
    }

    @Test func deferredPartsAreNilUntilTheyArrive() throws {
        let initial = #"{"data": {"hero": {"__typename": "Droid", "id": "1"}}, "hasNext": true}"#
        let hero = try #require(try DeferredHeroQuery().dataCheckingStore(from: response(initial)).hero)
        #expect(hero.id == "1")
        #expect(hero.asDroid == nil)
        #expect(hero.slow == nil)
        #expect(hero.fragments.heroDetails == nil)
    }

    @Test func deferredPartsReadOnceMerged() throws {
        let merged = """
            {"data": {"hero": {"__typename": "Droid", "id": "1", "primaryFunction": "Astromech", "nickname": null,
              "name": "R2", "rank": "A", "titles": []}}}
            """
        let hero = try #require(try DeferredHeroQuery().dataCheckingStore(from: response(merged)).hero)
        #expect(hero.asDroid?.primaryFunction == "Astromech")
        #expect(hero.slow != nil)
        #expect(hero.slow?.nickname == nil)
        #expect(hero.fragments.heroDetails?.name == "R2")
        #expect(DeferredHeroQuery.document.contains(#"@defer(label: "slow")"#))
    }

    @Test func clientDirectivesNeverReachTheServer() {
        for document in [RequiredFieldsQuery.document, CatchFieldsQuery.document, StrictHeroQuery.document, UsesStrictQuery.document] {
            #expect(!document.contains("@required"))
            #expect(!document.contains("@catch"))
            #expect(!document.contains("@throwOnFieldError"))
        }
        #expect(StrictHeroQuery.plan.throwsOnFieldError)
        #expect(StrictDetails.plan.throwsOnFieldError)
        #expect(!HeroAndFriendsQuery.document.contains("The hero of a film"))
    }
}
