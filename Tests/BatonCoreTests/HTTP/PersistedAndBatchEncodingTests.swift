import Foundation
import Testing

@_spi(Transport) @testable import BatonCore

/// How a request by document id and a batch are written: POST body, GET URL, WebSocket subscribe.
@Suite struct PersistedAndBatchEncodingTests {
    let endpoint = URL(string: "http://127.0.0.1:4000/graphql")!

    static var byID: GraphQLRequest {
        var request = GraphQLRequest(query: "", operationName: "Hello", variables: ["a": 1])
        request.documentID = GraphQLRequest.DocumentID("abc", member: "doc_id")
        return request
    }

    @Test func aDocumentIDGoesInItsMemberAndNoQuery() throws {
        let post = GraphQLHTTPEncoding.request(for: Self.byID, endpoint: endpoint, options: .init())
        #expect(String(decoding: try #require(post.body), as: UTF8.self) == #"{"doc_id":"abc","operationName":"Hello","variables":{"a":1}}"#)
        let get = GraphQLHTTPEncoding.request(for: Self.byID, endpoint: endpoint, options: .init(usesGETForQueries: true))
        #expect(get.url.absoluteString == "http://127.0.0.1:4000/graphql?doc_id=abc&operationName=Hello&variables=%7B%22a%22%3A1%7D")
        let subscribe = GraphQLWSClientMessage.subscribe(id: "1", request: Self.byID)
        let payload = try JSONValue(parsing: subscribe)["payload"]
        #expect(payload?["doc_id"] == "abc")
        #expect(payload?["query"] == nil)
    }

    @Test func aBatchIsOneArrayOfEachRequestsParametersWithTheFirstsHeaders() throws {
        let first = GraphQLRequest(query: "{ a }", headers: [HeaderField(name: "Authorization", value: "Bearer t")], timeout: .seconds(9))
        let second = GraphQLRequest(query: "{ b }", operationName: "B", timeout: .seconds(3))
        let http = GraphQLHTTPBatch.request(for: [first, second, Self.byID], endpoint: endpoint, options: .init())
        #expect(http.method == .post)
        #expect(
            String(decoding: try #require(http.body), as: UTF8.self)
                == #"[{"query":"{ a }"},{"query":"{ b }","operationName":"B"},{"doc_id":"abc","operationName":"Hello","variables":{"a":1}}]"#)
        #expect(http.headers.contains(HeaderField(name: "Authorization", value: "Bearer t")))
        #expect(http.headers.contains(HeaderField(name: "Content-Type", value: "application/json")))
        #expect(http.timeout == .seconds(3))
    }

    @Test func whatGoesByGETOrStreamsIsNotBatched() {
        let get = HTTPTransportOptions(usesGETForQueries: true)
        #expect(!GraphQLHTTPBatch.canBatch(GraphQLRequest(query: "{ a }"), options: get))
        #expect(GraphQLHTTPBatch.canBatch(GraphQLRequest(query: "mutation { a }", operationType: .mutation), options: get))
        #expect(!GraphQLHTTPBatch.canBatch(GraphQLRequest(query: "subscription { a }", operationType: .subscription), options: .init()))
        #expect(!BatchingTransport.mayShareABatch(GraphQLRequest(query: "{ a ... @defer { b } }")))
        #expect(!BatchingTransport.mayShareABatch(GraphQLRequest(query: "{ list @stream }")))
        var optedOut = GraphQLRequest(query: "{ a }")
        optedOut.allowsBatching = false
        #expect(!BatchingTransport.mayShareABatch(optedOut))
        #expect(BatchingTransport.mayShareABatch(GraphQLRequest(query: "{ a }")))
    }
}
