@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Reader: @catch, @required, @throwOnFieldError")
struct DirectiveReaderTests {
    let rankError = GraphQLError(message: "rank failed", path: [.key("hero"), .key("rank")], extensions: ["code": "E1"])

    @Test func catchToResultFailsWithTheFieldsErrors() {
        let sink = RecordingEventSink()
        let hero = hero(["rank": nil], errors: [rankError], sink: sink)
        #expect(hero.catchResult == .failure(FieldErrors([rankError])))
        #expect(sink.kinds.isEmpty)
    }

    @Test func catchToResultSucceedsWithoutErrors() {
        let sink = RecordingEventSink()
        #expect(hero(["rank": "captain"], sink: sink).catchResult == .success("captain"))
        #expect(hero(["rank": nil], sink: sink).catchResult == .success(nil))
    }

    @Test func catchCatchesErrorsBelowTheField() {
        let sink = RecordingEventSink()
        let deep = GraphQLError(message: "deep", path: [.key("hero"), .key("rank"), .key("x")])
        #expect(hero(["rank": "r"], errors: [deep], sink: sink).catchResult == .failure(FieldErrors([deep])))
    }

    @Test func catchToNullIsNilOnError() {
        let sink = RecordingEventSink()
        #expect(hero(["rank": nil], errors: [rankError], sink: sink).catchNull == nil)
        #expect(hero(["rank": "r"], sink: sink).catchNull == "r")
        #expect(sink.kinds.isEmpty)
    }

    @Test func requiredThrowThrowsOnNull() throws {
        let sink = RecordingEventSink()
        #expect(throws: RequiredFieldError(owner: "HeroQuery", path: "hero.homeworld")) {
            try hero(["homeworld": nil], sink: sink).homeworld
        }
        #expect(sink.kinds.isEmpty)
        #expect(try hero(["homeworld": "Tatooine"], sink: sink).homeworld == "Tatooine")
    }

    @Test func requiredThrowOnMissingThrowsAndReportsMissing() {
        let sink = RecordingEventSink()
        #expect(throws: RequiredFieldError.self) { try hero([:], sink: sink).homeworld }
        #expect(sink.kinds.count == 1)
    }

    func ship(_ json: JSONValue, sink: RecordingEventSink) -> Ship? {
        let root = DataObject(json: ["ship": json], owner: "Ship", context: ReadContext(events: sink))
        return root["ship"].optional { $0.objectIfComplete(Ship.self) }
    }

    @Test func requiredNullBubblesThroughRequiredParents() {
        let sink = RecordingEventSink()
        #expect(ship(["pilot": ["name": "Han"]], sink: sink)?.pilot.name == "Han")
        #expect(sink.kinds.isEmpty)
        // `name @required(action: NONE)` nulls the pilot, whose `@required(action: LOG)` nulls the ship.
        #expect(ship(["pilot": ["name": nil]], sink: sink) == nil)
        #expect(sink.kinds == [.requiredFieldMissing(fragment: "Ship", path: "ship.pilot")])
    }

    @Test func requiredLogReportsTheFieldThatWasNull() {
        let sink = RecordingEventSink()
        #expect(ship(["pilot": nil], sink: sink) == nil)
        #expect(sink.kinds == [.requiredFieldMissing(fragment: "Ship", path: "ship.pilot")])
    }

    @Test func requiredNoneDoesNotReport() {
        let sink = RecordingEventSink()
        let root = DataObject(json: ["pilot": ["name": nil]], owner: "Ship", context: ReadContext(events: sink))
        #expect(root["pilot"].objectIfComplete(Ship.Pilot.self) == nil)
        #expect(sink.kinds.isEmpty)
    }

    @Test func conditionalRequiredFieldMayBeAbsentButNotNull() {
        let sink = RecordingEventSink()
        #expect(ship(["pilot": ["name": "a"]], sink: sink) != nil)
        #expect(ship(["pilot": ["name": "a"], "code": nil], sink: sink) == nil)
    }

    @Test func nullShipIsNilAndMissingShipReportsMissing() {
        let sink = RecordingEventSink()
        #expect(ship(nil, sink: sink) == nil)
        #expect(sink.kinds.isEmpty)
        let root = DataObject(json: [:], owner: "Ship", context: ReadContext(events: sink))
        #expect(root["ship"].optional { $0.objectIfComplete(Ship.self) } == nil)
        #expect(sink.kinds.count == 1)
    }
}
