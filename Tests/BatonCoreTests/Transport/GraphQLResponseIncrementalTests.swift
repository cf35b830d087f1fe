import BatonCore
import Testing

@Suite struct GraphQLResponseIncrementalTests {
    static func response(_ text: String) throws -> GraphQLResponse {
        try GraphQLResponse(json: JSONValue(parsing: text))
    }

    @Test func readsTheCurrentFormat() throws {
        let initial = try Self.response(
            #"{"data":{"a":1},"pending":[{"id":"0","path":["a"],"label":"L"},{"id":"1","path":["list",2]}],"hasNext":true}"#)
        #expect(
            try initial.pending == [
                PendingResult(id: "0", path: [.key("a")], label: "L"),
                PendingResult(id: "1", path: [.key("list"), .index(2)]),
            ])
        #expect(try initial.incremental.isEmpty)
        let next = try Self.response(
            #"""
            {"incremental":[
                {"id":"0","subPath":["b"],"data":{"c":2},"errors":[{"message":"x","path":["a","b","c"],"extensions":{"code":"E"}}],"extensions":{"cost":1}},
                {"id":"1","items":[3,4]}
             ],
             "completed":[{"id":"0"},{"id":"1","errors":[{"message":"stream failed","extensions":{"code":"S"}}]}],
             "hasNext":false}
            """#)
        #expect(
            try next.incremental == [
                IncrementalResult(
                    id: "0", subPath: [.key("b")], data: ["c": 2],
                    errors: [GraphQLError(message: "x", path: [.key("a"), .key("b"), .key("c")], extensions: ["code": "E"])],
                    extensions: ["cost": 1]
                ),
                IncrementalResult(id: "1", items: [3, 4]),
            ])
        #expect(
            try next.completed == [
                CompletedResult(id: "0"),
                CompletedResult(id: "1", errors: [GraphQLError(message: "stream failed", extensions: ["code": "S"])]),
            ])
        #expect(next.hasNext == false)
    }

    @Test func readsTheOlderFormatInsideIncremental() throws {
        let next = try Self.response(
            #"{"incremental":[{"path":["hero"],"label":"D","data":{"name":"R2"}},{"path":["list",1],"items":["b"]}],"hasNext":true}"#)
        #expect(
            try next.incremental == [
                IncrementalResult(path: [.key("hero")], label: "D", data: ["name": "R2"]),
                IncrementalResult(path: [.key("list"), .index(1)], items: ["b"]),
            ])
    }

    @Test func readsTheOlderFormatAtTheTopLevel() throws {
        let next = try Self.response(
            #"{"path":["hero"],"label":"D","data":{"name":"R2"},"errors":[{"message":"m","extensions":{"code":"C"}}],"hasNext":false}"#)
        #expect(
            try next.incremental == [
                IncrementalResult(
                    path: [.key("hero")], label: "D", data: ["name": "R2"], errors: [GraphQLError(message: "m", extensions: ["code": "C"])])
            ])
    }

    @Test func rejectsMalformedMembers() throws {
        for text in [
            #"{"pending":{}}"#,
            #"{"pending":[{"path":[]}]}"#,
            #"{"pending":[{"id":"0"}]}"#,
            #"{"incremental":[{"data":{}}]}"#,
            #"{"incremental":[{"id":"0","data":[]}]}"#,
            #"{"incremental":[{"id":"0","items":{}}]}"#,
            #"{"incremental":[{"id":"0","subPath":[true]}]}"#,
            #"{"completed":[{"id":"0","errors":{}}]}"#,
            #"{"completed":[7]}"#,
        ] {
            let response = try Self.response(text)
            #expect(throws: IngestError.self, "\(text)") {
                _ = try response.pending
                _ = try response.incremental
                _ = try response.completed
            }
        }
    }
}
