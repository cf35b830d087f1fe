@_spi(Generated) import BatonCore
import Testing

@Suite("Generated: inline fragments read under @alias, with @catch")
struct AliasedFragmentTests {
    @Test func anAliasedTypeConditionIsAbsentForAnotherType() throws {
        let json = """
            {"data": {"hero": {"__typename": "Droid", "name": "R2", "primaryFunction": "Astromech", "nickname": "Shorty", "rank": "Major"}}}
            """
        let hero = try #require(try AliasedFragmentsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.droid?.primaryFunction == "Astromech")
        #expect(hero.human == nil)
        #expect(try hero.extras.get().nickname == "Shorty")
        #expect(try hero.extras.get().rank == "Major")
    }

    @Test func catchOnAnAliasedFragmentTakesTheErrorsOfItsFields() throws {
        let json = """
            {"data": {"hero": {"__typename": "Human", "name": "Luke", "nickname": null, "rank": "Commander", "homePlanet": null}},
             "errors": [
               {"message": "nickname failed", "path": ["hero", "nickname"], "extensions": {"code": "NICKNAME"}},
               {"message": "planet failed", "path": ["hero", "homePlanet"]}
             ]}
            """
        let hero = try #require(try AliasedFragmentsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.name == "Luke")
        #expect(hero.droid == nil)
        #expect(hero.extras.failure?.errors.map(\.code) == ["NICKNAME"])
        #expect(hero.extras.failure?.missing == [])
        // @catch(to: NULL): the error is caught into nil, not read as a null planet.
        #expect(hero.human == nil)
    }

    @Test func anAliasedFragmentWithoutErrorsReadsItsFields() throws {
        let json = """
            {"data": {"hero": {"__typename": "Human", "name": "Luke", "nickname": "Wormie", "rank": "Commander", "homePlanet": "Tatooine"}}}
            """
        let hero = try #require(try AliasedFragmentsQuery().dataCheckingStore(from: response(json)).hero)
        #expect(hero.human?.homePlanet == "Tatooine")
        #expect(try hero.extras.get().rank == "Commander")
    }
}
