import BatonCore
import Testing

@Suite struct GraphQLResponseTests {
    @Test func keepsDataAndErrorsTogether() throws {
        let response = try GraphQLResponse(
            json: JSONValue(
                parsing: """
                    {"data":{"partial":{"ok":"yes","failing":null}},
                     "errors":[{"message":"no","path":["partial","failing"],"extensions":{"code":"PARTIAL_FAILURE"}}]}
                    """))
        #expect(response.data?["partial"]?["ok"] == "yes")
        #expect(response.errors.map(\.code) == ["PARTIAL_FAILURE"])
        #expect(!response.isRequestError)
        #expect(response.hasNext == nil)
    }

    @Test func absentDataIsNotNullData() throws {
        let absent = try GraphQLResponse(json: ["errors": [["message": "x"]]])
        #expect(absent.data == nil)
        #expect(absent.isRequestError)
        let null = try GraphQLResponse(json: ["data": nil, "errors": [["message": "x"]]])
        #expect(null.data == .null)
    }

    @Test func keepsIncrementalMembersInThePayload() throws {
        let response = try GraphQLResponse(json: ["hasNext": true, "pending": [["id": "0", "path": []]]])
        #expect(response.hasNext == true)
        #expect(response.payload["pending"]?[0]?["id"] == "0")
    }

    @Test(arguments: [
        (JSONValue.list([]), "a GraphQL response must be an object, found a list"),
        (["errors": "x"] as JSONValue, "\"errors\" must be a list, found a string"),
        (["data": 3] as JSONValue, "\"data\" must be an object or null, found a number"),
        (["data": [:] as JSONValue, "hasNext": "yes"] as JSONValue, "\"hasNext\" must be a Boolean, found a string"),
    ])
    func rejectsWhatIsNotAResponse(json: JSONValue, message: String) {
        let error = #expect(throws: IngestError.self) { try GraphQLResponse(json: json) }
        #expect(error?.message == message)
    }
}
