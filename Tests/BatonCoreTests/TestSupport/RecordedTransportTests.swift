import BatonCore
import BatonTestSupport
import Testing

@Suite struct RecordedTransportTests {
    struct AppError: Error, Equatable {
        var reason: String
    }

    static let hero = GraphQLResponse(data: ["hero": ["name": "R2-D2"]])

    @Test func playsBackResponsesByOperationName() async throws {
        let transport = RecordedTransport(["Hero": .responses([Self.hero])])
        let request = GraphQLRequest(query: "query Hero { hero { name } }", operationName: "Hero")
        #expect(try await transport.response(for: request) == Self.hero)
        #expect(transport.requests == [request])
    }

    @Test func playsBackSeveralPayloadsInOrder() async throws {
        let payloads = [
            GraphQLResponse(data: ["a": 1], hasNext: true),
            GraphQLResponse(hasNext: false, payload: ["incremental": [["id": "0", "data": ["b": 2]]], "hasNext": false]),
        ]
        let transport = RecordedTransport(["Deferred": .responses(payloads)], delay: .milliseconds(1))
        var received: [GraphQLResponse] = []
        for try await payload in transport.send(GraphQLRequest(query: "", operationName: "Deferred")) { received.append(payload) }
        #expect(received == payloads)
    }

    @Test func throwsTheRecordedErrorUnchanged() async {
        let transport = RecordedTransport(["Broken": .failure(AppError(reason: "offline"))])
        do {
            _ = try await transport.response(for: GraphQLRequest(query: "", operationName: "Broken"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.transportError as? AppError == AppError(reason: "offline"))
        }
    }

    @Test func endsAStreamWithTheRecordedErrorAfterItsPayloads() async {
        let transport = RecordedTransport(["Ticks": .responsesThenFailure([Self.hero, Self.hero], AppError(reason: "dropped"))])
        var count = 0
        do {
            for try await _ in transport.send(GraphQLRequest(query: "", operationName: "Ticks")) { count += 1 }
            Issue.record("expected the stream to throw")
        } catch {
            #expect(error as? AppError == AppError(reason: "dropped"))
        }
        #expect(count == 2)
    }

    @Test func anOperationWithNothingRecordedIsATransportErrorWithStatus0() async {
        let transport = RecordedTransport([:])
        do {
            _ = try await transport.response(for: GraphQLRequest(query: "", operationName: "Missing"))
            Issue.record("expected a failure")
        } catch {
            let transportError = error.transportError as? TransportError
            #expect(transportError?.statusCode == 0)
            #expect(transportError?.body.contains("\"Missing\"") == true)
        }
    }

    @Test func theFallbackAnswersUnnamedAndUnrecordedOperations() async throws {
        let transport = RecordedTransport([:], fallback: .responses([Self.hero]))
        #expect(try await transport.response(for: GraphQLRequest(query: "{ hero { name } }")) == Self.hero)
    }
}
