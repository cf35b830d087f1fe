@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Reader: objects and lists")
struct DataValueCompositeTests {
    @Test func listsReadElementByElement() {
        let sink = RecordingEventSink()
        let hero = hero(
            ["friends": [["name": "Han"], ["name": "Leia"]], "scores": [[1, 2], []], "episodes": ["EMPIRE", nil]],
            sink: sink)
        #expect(hero.friends.map(\.name) == ["Han", "Leia"])
        #expect(hero.scores == [[1, 2], []])
        #expect(hero.episodes == [.empire, nil])
        #expect(sink.kinds.isEmpty)
    }

    @Test func nullListIsEmptyWithAnEvent() {
        let sink = RecordingEventSink()
        #expect(hero(["friends": nil], sink: sink).friends.isEmpty)
        #expect(hero(["friends": "x"], sink: sink).friends.isEmpty)
        #expect(hero([:], sink: sink).friends.isEmpty)
        #expect(sink.kinds.count == 3)
    }

    @Test func nullElementOfNonNullListNamesItsPlace() {
        let sink = RecordingEventSink()
        #expect(hero(["scores": [[1, nil]]], sink: sink).scores == [[1, 0]])
        #expect(
            sink.kinds == [
                .unexpected(
                    fragment: "HeroQuery", record: RecordID("client:root:hero"), field: FieldKey("scores"),
                    message: "null where the schema promises a value at hero.scores.0.1")
            ])
    }

    @Test func missingObjectIsAQuietPlaceholderAfterOneEvent() {
        let sink = RecordingEventSink()
        let best = hero(["id": "1"], sink: sink).best
        #expect(best.name == "")
        #expect(best.__data.isPlaceholder)
        #expect(sink.kinds == [.missing(fragment: "HeroQuery", record: RecordID("1"), field: FieldKey("best"))])
    }

    @Test func objectOfWrongKindIsAPlaceholderWithAnUnexpectedEvent() {
        let sink = RecordingEventSink()
        #expect(hero(["best": [1]], sink: sink).best.name == "")
        #expect(sink.kinds.count == 1)
    }

    @Test func recordsAreIdsOrPathsBelowTheNearestIdentifiedObject() {
        let sink = RecordingEventSink()
        let hero = hero(["id": "1000", "friends": [["id": "1002"], ["name": "R2"]]], sink: sink)
        #expect(hero.__data.record == RecordID("1000"))
        #expect(hero.friends.map(\.__data.record) == [RecordID("1002"), RecordID("1000:friends:1")])
        #expect(hero.friends[1].__data.path == [.key("hero"), .key("friends"), .index(1)])
    }

    @Test func errorsFollowTheirObjects() {
        let sink = RecordingEventSink()
        let error = GraphQLError(message: "bad", path: [.key("hero"), .key("friends"), .index(1), .key("name")])
        let hero = hero(["friends": [["name": "a"], ["name": nil]]], errors: [error], sink: sink)
        #expect(hero.friends[0].__data.errors.isEmpty)
        #expect(hero.friends[1].__data.errors == [error])
        #expect(hero.friends[1].__data.errors(at: "name") == [error])
    }

    @Test func typeConditionsMatchOnTypename() {
        let sink = RecordingEventSink()
        #expect(hero(["__typename": "Droid", "primaryFunction": "Astromech"], sink: sink).asDroid?.primaryFunction == "Astromech")
        #expect(hero(["__typename": "Human"], sink: sink).asDroid == nil)
        #expect(sink.kinds.isEmpty)
    }

    @Test func typeConditionWithoutTypenameIsMissingData() {
        let sink = RecordingEventSink()
        #expect(hero([:], sink: sink).asDroid == nil)
        #expect(sink.kinds == [.missing(fragment: "HeroQuery", record: RecordID("client:root:hero"), field: FieldKey("__typename"))])
    }

    @Test func fragmentViewsReportUnderTheFragmentsName() {
        let sink = RecordingEventSink()
        #expect(hero([:], sink: sink).details.name == "")
        #expect(sink.kinds == [.missing(fragment: "HeroDetails", record: RecordID("client:root:hero"), field: FieldKey("name"))])
    }

    @Test func deferredViewIsNilUntilItsFieldsArrive() {
        let sink = RecordingEventSink()
        let pending = hero(["__typename": "Droid"], sink: sink).__data
        #expect(pending.viewIfPresent(Hero.AsDroid.self, requiringKeys: ["primaryFunction"]) == nil)
        let arrived = hero(["__typename": "Droid", "primaryFunction": "x"], sink: sink).__data
        #expect(arrived.viewIfPresent(Hero.AsDroid.self, requiringKeys: ["primaryFunction"])?.primaryFunction == "x")
        #expect(sink.kinds.isEmpty)
    }
}
