@_spi(Generated) import BatonCore
import BatonTestSupport
import Testing

@Suite("Reader: operation data and fragment verdicts")
struct OperationDataTests {
    @Test func dataReadsFromAResponse() throws {
        let response = GraphQLResponse(data: ["ship": ["pilot": ["name": "Han"]]])
        let data = try ShipQuery(variables: .init(id: "1")).data(from: response)
        #expect(data.ship?.pilot.name == "Han")
    }

    @Test func noDataIsAVerdict() {
        let error = GraphQLError(message: "syntax")
        #expect(throws: DataError.noData([error])) {
            try ShipQuery.Data(response: GraphQLResponse(errors: [error]))
        }
        #expect(throws: DataError.noData([])) { try ShipQuery.Data(response: GraphQLResponse(data: nil)) }
    }

    @Test func requiredBubblingToTheRootIsAVerdict() {
        let sink = RecordingEventSink()
        #expect(throws: DataError.requiredFieldMissing(RequiredFieldError(owner: "Root", path: "viewer"))) {
            try RootQuery.Data(data: ["viewer": nil, "rank": "r"], events: sink)
        }
    }

    @Test func throwOnFieldErrorThrowsUncaughtErrors() {
        let error = GraphQLError(message: "viewer failed", path: [.key("viewer"), .key("name")])
        #expect(throws: DataError.fieldErrors(FieldErrors([error]))) {
            try RootQuery.Data(data: ["viewer": ["name": nil], "rank": "r"], errors: [error])
        }
    }

    @Test func throwOnFieldErrorLeavesCaughtErrorsToTheirField() throws {
        let error = GraphQLError(message: "rank failed", path: [.key("rank")])
        let data = try RootQuery.Data(data: ["viewer": ["name": "Ann"], "rank": nil], errors: [error])
        #expect(data.viewerName == "Ann")
        #expect(data.rank == .failure(FieldErrors([error])))
    }

    @Test func anErrorWithoutAPathIsNeverCaught() {
        let error = GraphQLError(message: "partial")
        #expect(throws: DataError.fieldErrors(FieldErrors([error]))) {
            try RootQuery.Data(data: ["viewer": ["name": "Ann"], "rank": "r"], errors: [error])
        }
    }

    @Test func eventsNameTheOperation() throws {
        let sink = RecordingEventSink()
        let data = try ShipQuery.Data(data: ["ship": ["pilot": ["name": "a"], "extra": 1]], events: sink)
        #expect(data.ship != nil)
        #expect(sink.kinds.isEmpty)
        let missing = try ShipQuery.Data(data: [:], events: sink)
        #expect(missing.ship == nil)
        #expect(sink.kinds == [.missing(fragment: "Ship", record: .queryRoot, field: FieldKey("ship"))])
        #expect(sink.events.map(\.operationName) == ["Ship"])
    }

    @Test func fragmentSpreadThrowsItsUncaughtErrors() throws {
        let sink = RecordingEventSink()
        let nameError = GraphQLError(message: "name failed", path: [.key("hero"), .key("name")])
        let rankError = GraphQLError(message: "rank failed", path: [.key("hero"), .key("rank")])
        let failing = hero(["name": nil], errors: [nameError, rankError], sink: sink).__data
        #expect(throws: FieldErrors([nameError])) { try failing.throwFieldErrors(HeroDetails.plan) }
        let caught = hero(["name": "a", "rank": nil], errors: [rankError], sink: sink).__data
        try caught.throwFieldErrors(HeroDetails.plan)
    }

    @Test func requestCarriesDocumentVariablesAndOnError() {
        let request = ShipQuery(variables: .init(id: "7")).request()
        #expect(request.query == ShipQuery.document)
        #expect(request.operationName == "Ship")
        #expect(request.operationType == .query)
        #expect(request.variables == ["id": "7"])
        #expect(request.onError == .null)
        #expect(RootQuery().request(onError: .halt).onError == .halt)
        #expect(RootQuery().request().variables == nil)
        #expect(RootQuery().request().onError == nil)
    }

    @Test func operationIDIsTheDocumentsDigest() {
        #expect(ShipQuery.operationID.count == 64)
        #expect(ShipQuery.operationID == SHA256.hexDigest(ShipQuery.document))
    }
}
