@_spi(Transport) import BatonCore
import Foundation
import Testing

@Suite struct GraphQLOverHTTPTests {
    let endpoint = URL(string: "http://127.0.0.1:1/graphql")!

    struct ClientError: Error, Equatable {
        var id: Int
    }

    /// Collects a stream's payloads and how it ended.
    static func collect(_ stream: AsyncThrowingStream<GraphQLResponse, any Error>) async -> ([GraphQLResponse], (any Error)?) {
        var payloads: [GraphQLResponse] = []
        do {
            for try await payload in stream { payloads.append(payload) }
            return (payloads, nil)
        } catch {
            return (payloads, error)
        }
    }

    @Test func sendsTheEncodedRequestAndYieldsTheResponse() async throws {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "application/graphql-response+json", chunks: [#"{"data":"#, #"{"hello":"Hello, world!"}}"#])
        let transport = GraphQLOverHTTP(endpoint: endpoint, client: client)
        let request = GraphQLRequest(query: "{ hello }")
        let response = try await transport.response(for: request)
        #expect(response.data == ["hello": "Hello, world!"])
        #expect(client.requests == [transport.httpRequest(for: request)])
    }

    @Test func aClientErrorPassesThroughUnchanged() async {
        let client = ScriptedHTTPClient([], then: .fail(ClientError(id: 42)))
        let (payloads, error) = await Self.collect(GraphQLOverHTTP(endpoint: endpoint, client: client).send(GraphQLRequest(query: "{a}")))
        #expect(payloads.isEmpty)
        #expect(error as? ClientError == ClientError(id: 42))
    }

    @Test func aClientErrorAfterTheHeadPassesThroughUnchanged() async throws {
        let client = ScriptedHTTPClient(status: 200, contentType: "application/json", chunks: [#"{"da"#], then: .fail(ClientError(id: 7)))
        do {
            _ = try await GraphQLOverHTTP(endpoint: endpoint, client: client).response(for: GraphQLRequest(query: "{a}"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.transportError as? ClientError == ClientError(id: 7))
        }
    }

    @Test func multipartPayloadsArriveInOrderAndHeartbeatsAreSkipped() async throws {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "multipart/mixed; boundary=\"-\"; deferSpec=20220824",
            chunks: [
                "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n",
                #"{"data":{"hello":"hi"},"pending":[{"id":"0","path":[]}],"hasNext":true}"#,
                "\r\n---\r\n\r\n{}\r\n---\r\nContent-Type: application/json\r\n\r\n",
                #"{"incremental":[{"id":"0","data":{"partial":{"failing":null}},"errors":[{"message":"boom","path":["partial","failing"],"extensions":{"code":"PARTIAL_FAILURE"}}]}],"completed":[{"id":"0"}],"hasNext":false}"#,
                "\r\n-----\r\n",
            ])
        let (payloads, error) = await Self.collect(
            GraphQLOverHTTP(endpoint: endpoint, client: client).send(GraphQLRequest(query: "{ hello ... @defer { partial { failing } } }")))
        #expect(error == nil)
        #expect(payloads.map(\.hasNext) == [true, false])
        #expect(try payloads[0].pending == [PendingResult(id: "0", path: [])])
        let incremental = try payloads[1].incremental
        #expect(incremental.count == 1)
        #expect(incremental.first?.id == "0")
        #expect(incremental.first?.data == ["partial": ["failing": nil]])
        #expect(incremental.first?.errors.first?.code == "PARTIAL_FAILURE")
        #expect(try payloads[1].completed == [CompletedResult(id: "0")])
    }

    @Test func aMultipartBodyCutShortIsTruncated() async {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "multipart/mixed; boundary=graphql",
            chunks: [
                "--graphql\r\n\r\n", #"{"data":{"a":1},"hasNext":true}"#, "\r\n--graphql\r\n\r\n{\"incremental\":[",
            ])
        let (payloads, error) = await Self.collect(GraphQLOverHTTP(endpoint: endpoint, client: client).send(GraphQLRequest(query: "{a}")))
        #expect(payloads.count == 1)
        guard case Failure.malformed(let ingest)? = error as? Failure else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(ingest.code == .truncated)
    }

    @Test func aMalformedPartEndsTheStreamAfterThePayloadsBeforeIt() async {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "multipart/mixed; boundary=b",
            chunks: [
                "--b\r\n\r\n{\"data\":{},\"hasNext\":true}\r\n--b\r\n\r\n{\"incremental\":7,\"hasNext\":false}\r\n--b--"
            ])
        let (payloads, error) = await Self.collect(GraphQLOverHTTP(endpoint: endpoint, client: client).send(GraphQLRequest(query: "{a}")))
        #expect(payloads.count == 1)
        #expect((error as? Failure)?.kind == .malformed)
    }

    @Test func eventStreamYieldsNextPayloadsUntilComplete() async throws {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "text/event-stream",
            chunks: [
                "event: next\ndata: {\"data\":{\"countdown\":{\"value\":2}}}\n\nevent: ne",
                "xt\ndata: {\"data\":{\"countdown\":{\"value\":1,\"note\":null}},\"errors\":[{\"message\":\"tick\",\"extensions\":{\"code\":\"TICK_FAILED\"}}]}\n\n",
                "event: complete\ndata:\n\n",
            ], then: .hang)
        let request = GraphQLRequest(query: "subscription { countdown(from: 2) { value note } }", operationType: .subscription)
        let (payloads, error) = await Self.collect(GraphQLOverHTTP(endpoint: endpoint, client: client).send(request))
        #expect(error == nil)
        #expect(payloads.map { $0.data?["countdown"]?["value"] } == [2, 1])
        #expect(payloads[1].errors.first?.code == "TICK_FAILED")
        #expect(client.requests.first?.headers[field: "Accept"] == "text/event-stream")
        // `complete` ends the exchange even though the connection stayed open.
        #expect(client.terminations == 1)
    }

    @Test func anEventStreamWithoutCompleteIsTruncated() async {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "text/event-stream", chunks: ["event: next\ndata: {\"data\":{}}\n\nevent: next\ndata: {\"da"])
        let (payloads, error) = await Self.collect(
            GraphQLOverHTTP(endpoint: endpoint, client: client).send(GraphQLRequest(query: "subscription { s }", operationType: .subscription)))
        #expect(payloads.count == 1)
        guard case Failure.malformed(let ingest)? = error as? Failure else {
            Issue.record("expected malformed, got \(String(describing: error))")
            return
        }
        #expect(ingest.code == .truncated)
    }

    @Test func aNextOfErrorsAndNoDataIsARequestError() async {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "text/event-stream",
            chunks: [
                "event: next\ndata: {\"data\":{\"countdown\":{\"value\":3}}}\n\n",
                "event: next\ndata: {\"errors\":[{\"message\":\"crashed\",\"extensions\":{\"code\":\"CRASH\"}}]}\n\n",
                "event: complete\ndata:\n\n",
            ])
        let (payloads, error) = await Self.collect(
            GraphQLOverHTTP(endpoint: endpoint, client: client).send(GraphQLRequest(query: "subscription { s }", operationType: .subscription)))
        #expect(payloads.count == 1)
        guard case Failure.request(let errors)? = error as? Failure else {
            Issue.record("expected a request error, got \(String(describing: error))")
            return
        }
        #expect(errors.map(\.code) == ["CRASH"])
    }

    @Test func stoppingTheConsumerStopsTheClientStream() async throws {
        let client = ScriptedHTTPClient(
            status: 200, contentType: "text/event-stream", chunks: ["event: next\ndata: {\"data\":{\"n\":1}}\n\n"], then: .hang)
        let transport = GraphQLOverHTTP(endpoint: endpoint, client: client)
        for try await payload in transport.send(GraphQLRequest(query: "subscription { s }", operationType: .subscription)) {
            #expect(payload.data == ["n": 1])
            break
        }
        try await Self.waitUntil { client.terminations == 1 }
        #expect(client.terminations == 1)
    }

    @Test func cancellingTheConsumersTaskStopsTheClientStream() async throws {
        let client = ScriptedHTTPClient(status: 200, contentType: "application/json", chunks: [], then: .hang)
        let transport = GraphQLOverHTTP(endpoint: endpoint, client: client)
        let task = Task { try await transport.response(for: GraphQLRequest(query: "{ slow }")) }
        try await Self.waitUntil { client.requests.count == 1 }
        task.cancel()
        _ = await task.result
        try await Self.waitUntil { client.terminations == 1 }
        #expect(client.terminations == 1)
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    }
}
