import BatonCore
import Testing

@Suite struct GraphQLErrorTests {
    @Test func readsEveryMemberAndKeepsExtensionsWhole() throws {
        let json = try JSONValue(
            parsing: """
                {"message":"Name for character with ID 1002 could not be fetched.",
                 "locations":[{"line":6,"column":7}],
                 "path":["hero","heroFriends",1,"name"],
                 "extensions":{"code":"CAN_NOT_FETCH_BY_ID","timestamp":"Fri Feb 9 14:33:09 UTC 2018","retry":{"after":3}}}
                """)
        let error = try GraphQLError(json: json)
        #expect(error.message == "Name for character with ID 1002 could not be fetched.")
        #expect(error.locations == [GraphQLError.Location(line: 6, column: 7)])
        #expect(error.path == [.key("hero"), .key("heroFriends"), .index(1), .key("name")])
        #expect(error.code == "CAN_NOT_FETCH_BY_ID")
        #expect(error.extensions?["retry"]?["after"] == 3)
        #expect(error.description == "Name for character with ID 1002 could not be fetched. at hero.heroFriends.1.name [CAN_NOT_FETCH_BY_ID]")
    }

    @Test func roundTripsThroughJSON() throws {
        let error = GraphQLError(
            message: "m",
            locations: [.init(line: 1, column: 2)],
            path: [.key("a"), .index(0)],
            extensions: ["code": "X", "list": [1, 2.5, nil]]
        )
        #expect(try GraphQLError(json: error.json) == error)
    }

    @Test func anErrorWithoutAPathIsNotTiedToAField() throws {
        let error = try GraphQLError(json: ["message": "Syntax Error: Expected Name, found <EOF>."])
        #expect(error.path == nil)
        #expect(error.locations.isEmpty)
        #expect(error.extensions == nil)
        #expect(error.code == nil)
    }

    @Test(arguments: [
        (JSONValue.string("oops"), "an error must be an object, found a string"),
        (["locations": []] as JSONValue, "an error must have a string \"message\""),
        (["message": "m", "locations": [["line": 1]]] as JSONValue, "an error location must have integer \"line\" and \"column\""),
        (["message": "m", "path": [true]] as JSONValue, "an error path holds strings and integers, found a Boolean"),
    ])
    func rejectsWhatIsNotAnError(json: JSONValue, message: String) {
        let error = #expect(throws: IngestError.self) { try GraphQLError(json: json) }
        #expect(error?.message == message)
        #expect(error?.code == .notAResponse)
    }
}
