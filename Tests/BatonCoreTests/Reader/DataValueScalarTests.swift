@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Reader: scalars and enums")
struct DataValueScalarTests {
    @Test func presentValuesReadWithoutEvents() {
        let sink = RecordingEventSink()
        let hero = hero(
            ["name": "Luke", "height": 172, "mass": 77.5, "isJedi": true, "episode": "EMPIRE"], sink: sink)
        #expect(hero.name == "Luke")
        #expect(hero.height == 172)
        #expect(hero.mass == 77.5)
        #expect(hero.isJedi)
        #expect(hero.episode == .empire)
        #expect(sink.kinds.isEmpty)
    }

    @Test func missingNonNullGivesZeroAndAMissingEvent() {
        let sink = RecordingEventSink()
        let hero = hero(["id": "1000"], sink: sink)
        #expect(hero.name == "")
        #expect(hero.height == 0)
        #expect(hero.mass == 0)
        #expect(!hero.isJedi)
        #expect(
            sink.kinds == [
                .missing(fragment: "HeroQuery", record: RecordID("1000"), field: FieldKey("name")),
                .missing(fragment: "HeroQuery", record: RecordID("1000"), field: FieldKey("height")),
                .missing(fragment: "HeroQuery", record: RecordID("1000"), field: FieldKey("mass")),
                .missing(fragment: "HeroQuery", record: RecordID("1000"), field: FieldKey("isJedi")),
            ])
    }

    @Test func nullNonNullGivesZeroAndAnUnexpectedEvent() {
        let sink = RecordingEventSink()
        let hero = hero(["name": nil], sink: sink)
        #expect(hero.name == "")
        #expect(
            sink.kinds == [
                .unexpected(
                    fragment: "HeroQuery", record: RecordID("client:root:hero"), field: FieldKey("name"),
                    message: "null where the schema promises a value")
            ])
    }

    @Test func nullWithAFieldErrorSaysSo() {
        let sink = RecordingEventSink()
        let error = GraphQLError(message: "boom", path: [.key("hero"), .key("name")])
        let hero = hero(["name": nil], errors: [error], sink: sink)
        #expect(hero.name == "")
        guard let message = sink.kinds.first?.unexpectedField?.message else {
            Issue.record("expected an unexpected event, got \(sink.kinds)")
            return
        }
        // The event names the error's code, never its message (payload text).
        #expect(message == "null where the schema promises a value, with a field error (no code)")
    }

    @Test func wrongKindGivesZeroAndAnUnexpectedEventNamingTheKinds() {
        let sink = RecordingEventSink()
        let hero = hero(["name": 42, "height": "tall", "isJedi": "yes"], sink: sink)
        #expect(hero.name == "")
        #expect(hero.height == 0)
        #expect(!hero.isJedi)
        let messages = sink.kinds.compactMap { $0.unexpectedField?.message }
        #expect(
            messages == [
                "expected a string, found a number", "expected an integer, found a string",
                "expected a Boolean, found a string",
            ])
    }

    @Test func intOutsideThirtyTwoBitsIsUnexpected() {
        let sink = RecordingEventSink()
        #expect(hero(["height": 5_000_000_000], sink: sink).height == 0)
        #expect(sink.kinds.count == 1)
    }

    @Test func unknownEnumValueIsKeptNotReported() {
        let sink = RecordingEventSink()
        let hero = hero(["episode": "JEDI"], sink: sink)
        #expect(hero.episode == .unknown("JEDI"))
        #expect(hero.episode.rawValue == "JEDI")
        #expect(sink.kinds.isEmpty)
    }

    @Test func enumOfWrongKindIsUnknownEmptyWithAnEvent() {
        let sink = RecordingEventSink()
        #expect(hero(["episode": 3], sink: sink).episode == .unknown(""))
        #expect(hero(["episode": nil], sink: sink).episode == .unknown(""))
        #expect(sink.kinds.count == 2)
    }

    @Test func optionalReadsNilForNullQuietly() {
        let sink = RecordingEventSink()
        let hero = hero(["nickname": nil], sink: sink)
        #expect(hero.nickname == nil)
        #expect(sink.kinds.isEmpty)
    }

    @Test func optionalMissingIsNilWithAMissingEvent() {
        let sink = RecordingEventSink()
        #expect(hero([:], sink: sink).nickname == nil)
        #expect(sink.kinds == [.missing(fragment: "HeroQuery", record: RecordID("client:root:hero"), field: FieldKey("nickname"))])
    }

    @Test func optionalNullKeepsItsErrorVisible() {
        let sink = RecordingEventSink()
        let error = GraphQLError(message: "no nickname", path: [.key("hero"), .key("nickname")])
        let other = GraphQLError(message: "elsewhere", path: [.key("villain")])
        let hero = hero(["nickname": nil], errors: [error, other], sink: sink)
        #expect(hero.nickname == nil)
        #expect(hero.__data.errors(at: "nickname") == [error])
        #expect(hero.__data.errors == [error])
        #expect(hero.__data.errors(at: "name").isEmpty)
    }

    @Test func conditionalAbsentIsNilWithoutAnEvent() {
        let sink = RecordingEventSink()
        #expect(hero([:], sink: sink).secret == nil)
        #expect(hero(["secret": "s"], sink: sink).secret == "s")
        #expect(sink.kinds.isEmpty)
    }
}
