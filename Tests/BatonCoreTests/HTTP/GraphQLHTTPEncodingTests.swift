import Foundation
import Testing

@_spi(Transport) @testable import BatonCore

@Suite struct GraphQLHTTPEncodingTests {
    let endpoint = URL(string: "http://127.0.0.1:4000/graphql")!

    func transport(_ options: HTTPTransportOptions = .init()) -> GraphQLOverHTTP {
        GraphQLOverHTTP(endpoint: endpoint, client: UnusedClient(), options: options)
    }

    @Test func postCarriesEveryParameterInOrder() throws {
        let request = GraphQLRequest(
            query: "query Hello($name: String) { hello(name: $name) }",
            operationName: "Hello",
            variables: ["name": "Ada \"Lovelace\"", "n": 1],
            extensions: ["persistedQuery": ["version": 1]],
            onError: .null
        )
        let http = transport().httpRequest(for: request)
        #expect(http.method == .post)
        #expect(http.url == endpoint)
        #expect(
            http.headers == [
                HeaderField(name: "Accept", value: "application/graphql-response+json, application/json;q=0.9"),
                HeaderField(name: "Content-Type", value: "application/json"),
            ])
        let body = String(decoding: try #require(http.body), as: UTF8.self)
        #expect(
            body
                == #"{"query":"query Hello($name: String) { hello(name: $name) }","operationName":"Hello","variables":{"name":"Ada \"Lovelace\"","n":1},"extensions":{"persistedQuery":{"version":1}},"onError":"NULL"}"#
        )
    }

    @Test func postLeavesAbsentParametersOut() throws {
        let http = transport().httpRequest(for: GraphQLRequest(query: "{ hello }"))
        #expect(String(decoding: try #require(http.body), as: UTF8.self) == #"{"query":"{ hello }"}"#)
        #expect(http.timeout == nil)
    }

    @Test func getPutsParametersInTheURL() throws {
        let request = GraphQLRequest(
            query: "query Q($a: Int) { add(a: $a, b: 1) }",
            operationName: "Q",
            variables: ["a": 2, "s": "x+y&z=é"],
            extensions: ["e": true],
            onError: .halt
        )
        let http = transport(.init(usesGETForQueries: true)).httpRequest(for: request)
        #expect(http.method == .get)
        #expect(http.body == nil)
        #expect(http.headers == [HeaderField(name: "Accept", value: "application/graphql-response+json, application/json;q=0.9")])
        #expect(
            http.url.absoluteString == "http://127.0.0.1:4000/graphql"
                + "?query=query%20Q%28%24a%3A%20Int%29%20%7B%20add%28a%3A%20%24a%2C%20b%3A%201%29%20%7D"
                + "&operationName=Q"
                + "&variables=%7B%22a%22%3A2%2C%22s%22%3A%22x%2By%26z%3D%C3%A9%22%7D"
                + "&extensions=%7B%22e%22%3Atrue%7D"
                + "&onError=HALT")
    }

    @Test func getKeepsTheEndpointsOwnQuery() {
        let options = HTTPTransportOptions(usesGETForQueries: true)
        let withQuery = GraphQLOverHTTP(endpoint: URL(string: "http://h/graphql?key=1#top")!, client: UnusedClient(), options: options)
        #expect(withQuery.httpRequest(for: GraphQLRequest(query: "{a}")).url.absoluteString == "http://h/graphql?key=1&query=%7Ba%7D#top")
    }

    @Test func mutationsAndSubscriptionsAreNeverSentWithGET() {
        let get = transport(.init(usesGETForQueries: true))
        #expect(get.httpRequest(for: GraphQLRequest(query: "mutation { m }", operationType: .mutation)).method == .post)
        #expect(get.httpRequest(for: GraphQLRequest(query: "subscription { s }", operationType: .subscription)).method == .post)
    }

    @Test func acceptFollowsWhatTheOperationCanProduce() {
        let plain = transport().httpRequest(for: GraphQLRequest(query: "{ a @include(if: true) }"))
        #expect(plain.headers[field: "accept"] == "application/graphql-response+json, application/json;q=0.9")
        let deferred = transport().httpRequest(for: GraphQLRequest(query: "{ a ... @defer { b } }"))
        #expect(
            deferred.headers[field: "accept"]
                == "multipart/mixed;incrementalSpec=v0.2, application/graphql-response+json;q=0.9, application/json;q=0.8")
        let streamed = transport().httpRequest(for: GraphQLRequest(query: "{ list @stream(initialCount: 1) }"))
        #expect(streamed.headers[field: "accept"] == deferred.headers[field: "accept"])
        let subscription = transport().httpRequest(for: GraphQLRequest(query: "subscription { s }", operationType: .subscription))
        #expect(subscription.headers[field: "accept"] == "text/event-stream")
    }

    @Test func theIncrementalScanMatchesWholeDirectiveNamesOnly() {
        #expect(GraphQLHTTPEncoding.usesIncrementalDelivery("{ a ...F @defer }"))
        #expect(GraphQLHTTPEncoding.usesIncrementalDelivery("{ a @stream}"))
        #expect(!GraphQLHTTPEncoding.usesIncrementalDelivery("{ a @deferred b @streaming c @Defer }"))
        #expect(!GraphQLHTTPEncoding.usesIncrementalDelivery("{ defer stream }"))
        #expect(!GraphQLHTTPEncoding.usesIncrementalDelivery("{ a }@"))
    }

    @Test func headersLayerOptionsThenRequest() {
        let options = HTTPTransportOptions(headers: [
            HeaderField(name: "Authorization", value: "Bearer app"),
            HeaderField(name: "X-Client", value: "baton"),
        ])
        let request = GraphQLRequest(
            query: "{ a }",
            headers: [
                HeaderField(name: "authorization", value: "Bearer user"),
                HeaderField(name: "Accept", value: "application/json"),
            ])
        #expect(
            transport(options).httpRequest(for: request).headers == [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "X-Client", value: "baton"),
                HeaderField(name: "authorization", value: "Bearer user"),
                HeaderField(name: "Accept", value: "application/json"),
            ])
    }

    @Test func timeoutComesFromTheRequestThenTheOptions() {
        let options = HTTPTransportOptions(timeout: .seconds(30))
        #expect(transport(options).httpRequest(for: GraphQLRequest(query: "{a}")).timeout == .seconds(30))
        #expect(transport(options).httpRequest(for: GraphQLRequest(query: "{a}", timeout: .seconds(2))).timeout == .seconds(2))
        let subscription = GraphQLRequest(query: "subscription { s }", operationType: .subscription)
        #expect(transport(options).httpRequest(for: subscription).timeout == nil)
    }
}

/// A client for tests that only build requests.
struct UnusedClient: GraphQLHTTPClient {
    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        AsyncThrowingStream { $0.finish(throwing: TransportError(statusCode: 0, body: "not connected")) }
    }
}
