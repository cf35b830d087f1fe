@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Generated: unions, nested lists and custom scalars")
struct SearchAndScalarsTests {
    @Test func unionMembersReadThroughTheirTypeCases() throws {
        let json = """
            {"data": {"search": [
              {"__typename": "Human", "name": "Leia"},
              {"__typename": "Starship", "name": "Falcon", "length": 34.37, "coordinates": [[1, 2.5], []]},
              {"__typename": "Planet"}
            ]}}
            """
        let data = try SearchQuery(text: "a").dataCheckingStore(from: response(json))
        #expect(data.search.count == 3)
        #expect(data.search[0].asCharacter?.name == "Leia")
        #expect(data.search[0].asStarship == nil)
        #expect(data.search[1].asStarship?.coordinates == [[1, 2.5], []])
        #expect(data.search[1].asStarship?.length == 34.37)
        #expect(data.search[2].asCharacter == nil && data.search[2].asStarship == nil)
    }

    @Test func nullInANestedNonNullListIsZeroWithAnEvent() throws {
        let sink = RecordingEventSink()
        let json = """
            {"data": {"droid": {"name": "R2", "matrix": [[1, null], [3]], "serial": null},
              "human": null, "now": "2026-11-29T10:00:00Z", "settings": {"theme": "dark"}}}
            """
        let data = try DroidMatrixQuery(id: "1").dataCheckingStore(from: response(json), events: sink)
        #expect(data.droid?.matrix == [[1, 0], [3]])
        #expect(data.now == Timestamp("2026-11-29T10:00:00Z"))
        #expect(data.settings == ["theme": "dark"])
        #expect(
            sink.kinds == [
                .unexpected(
                    fragment: "DroidMatrix", record: RecordID("client:root:droid"), field: FieldKey("matrix"),
                    message: "null where the schema promises a value at droid.matrix.0.1")
            ])
    }

    @Test func aCustomScalarThatCannotReadIsZeroWithItsReason() throws {
        let sink = RecordingEventSink()
        let json = #"{"data": {"droid": null, "human": {"height": 1.7, "born": "yesterday"}, "now": 5, "settings": null}}"#
        let data = try DroidMatrixQuery(id: "1", unit: .value(.foot)).dataCheckingStore(from: response(json), events: sink)
        #expect(data.now == Timestamp(""))
        #expect(data.human?.born == Timestamp(""))
        #expect(data.human?.height == 1.7)
        #expect(data.settings == nil)
        let messages = sink.kinds.compactMap { $0.unexpectedField?.message }
        #expect(messages == ["expected an ISO 8601 string, found a number", "expected an ISO 8601 date, found \"yesterday\""])
    }

    @Test func variablesWithDefaultsAreLeftOutUntilGiven() {
        #expect(DroidMatrixQuery(id: "1").variables.json == ["id": "1"])
        #expect(DroidMatrixQuery(id: "1", unit: .value(.foot)).variables.json == ["id": "1", "unit": "FOOT"])
        #expect(DroidMatrixQuery(id: "1", unit: .null).variables.json == ["id": "1", "unit": nil])
    }
}
