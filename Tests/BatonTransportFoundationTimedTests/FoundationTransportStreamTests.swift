import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streams through URLSession: @defer over multipart/mixed and subscriptions over graphql-sse.
@Suite struct FoundationTransportStreamTests {
    struct Arrival {
        var response: GraphQLResponse
        var at: ContinuousClock.Instant
    }

    /// Collects a stream's payloads with their arrival times, and how it ended.
    static func collect(_ stream: AsyncThrowingStream<GraphQLResponse, any Error>) async -> ([Arrival], Failure?) {
        var arrivals: [Arrival] = []
        do {
            for try await response in stream { arrivals.append(Arrival(response: response, at: .now)) }
            return (arrivals, nil)
        } catch {
            return (arrivals, Failure(classifying: error))
        }
    }

    static func transport(_ path: String = "/graphql") async throws -> FoundationTransport {
        FoundationTransport(endpoint: try await ReferenceServer.shared().url(path))
    }

    static func subscription(_ fields: String) -> GraphQLRequest {
        GraphQLRequest(query: "subscription { countdown(\(fields)) { value note } }", operationType: .subscription)
    }

    // MARK: @defer

    static let twoDeferred = GraphQLRequest(
        query: """
            query {
              hello
              ... @defer(label: "fast") { partial { ok failing } }
              ... @defer(label: "slow") { slow(ms: 500) }
            }
            """)

    @Test func twoDeferredFragmentsArriveAsSeparatePayloadsTheSlowOneLater() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport().send(Self.twoDeferred))
        #expect(failure == nil)
        try #require(payloads.count == 3, "\(payloads.map(\.response.payload))")
        #expect(payloads[0].response.data == ["hello": "Hello, world!"])
        #expect(try payloads[0].response.pending.map(\.label) == ["fast", "slow"])
        let fast = try payloads[1].response.incremental
        let slow = try payloads[2].response.incremental
        #expect(fast.first?.data == ["partial": ["ok": "ok", "failing": nil]])
        #expect(slow.first?.data == ["slow": "slept 500 ms"])
        #expect(payloads.map(\.response.hasNext) == [true, true, false])
        let gap = payloads[2].at - payloads[1].at
        #expect(gap > .milliseconds(300), "the slow fragment came \(gap) after the fast one")
        // An error inside a deferred part keeps its extensions.
        #expect(fast.first?.errors.map(\.code) == ["PARTIAL_FAILURE"])
        #expect(fast.first?.errors.first?.path == [.key("partial"), .key("failing")])
    }

    @Test func theLegacyFormatIsReadToo() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport("/graphql?format=legacy").send(Self.twoDeferred))
        #expect(failure == nil)
        try #require(payloads.count == 3)
        let entries = try payloads.dropFirst().flatMap { try $0.response.incremental }
        #expect(entries.map(\.label) == ["fast", "slow"])
        #expect(entries.map(\.path) == [[], []])
        #expect(entries.first?.errors.map(\.code) == ["PARTIAL_FAILURE"])
        #expect(entries.last?.data == ["slow": "slept 500 ms"])
    }

    @Test func streamedItemsArriveOneByOne() async throws {
        let request = GraphQLRequest(query: "{ numbers(count: 3, delayMs: 200) @stream(initialCount: 1) }")
        let (payloads, failure) = await Self.collect(try await Self.transport().send(request))
        #expect(failure == nil)
        #expect(payloads.first?.response.data == ["numbers": [0]])
        #expect(try payloads.dropFirst().flatMap { try $0.response.incremental.compactMap(\.items) } == [[1], [2]])
        // The server sends the last item 400 ms after the first; under load one gap can shrink
        // while another grows, so the spread from first to last is what shows nothing was held back.
        if payloads.count == 3 {
            #expect(payloads[2].at - payloads[0].at > .milliseconds(200))
        }
    }

    @Test func aCutMultipartBodyIsMalformed() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport("/cut-multipart").send(Self.twoDeferred))
        #expect(payloads.count == 1)
        guard case .malformed(let error)? = failure else {
            Issue.record("expected malformed, got \(String(describing: failure))")
            return
        }
        #expect(error.code == .truncated)
    }

    // MARK: Subscriptions over SSE

    @Test func countdownTicksArriveInOrderThenComplete() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport().send(Self.subscription("from: 5, delayMs: 20")))
        #expect(failure == nil)
        #expect(payloads.map { $0.response.data?["countdown"]?["value"] } == [5, 4, 3, 2, 1])
    }

    @Test func aFailingTickArrivesAsDataAndErrors() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport().send(Self.subscription("from: 3, failAt: 2, delayMs: 10")))
        #expect(failure == nil)
        try #require(payloads.count == 3)
        #expect(payloads[1].response.data == ["countdown": ["value": 2, "note": nil]])
        #expect(payloads[1].response.errors.map(\.code) == ["TICK_FAILED"])
        #expect(payloads[0].response.errors.isEmpty && payloads[2].response.errors.isEmpty)
    }

    @Test func aCrashedSourceStreamEndsWithARequestError() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport().send(Self.subscription("from: 4, crashAt: 2, delayMs: 10")))
        #expect(payloads.map { $0.response.data?["countdown"]?["value"] } == [4, 3])
        guard case .request(let errors)? = failure else {
            Issue.record("expected a request error, got \(String(describing: failure))")
            return
        }
        #expect(!errors.isEmpty)
    }

    @Test func aCutEventStreamIsMalformed() async throws {
        let (payloads, failure) = await Self.collect(try await Self.transport("/cut-sse").send(Self.subscription("from: 5, delayMs: 10")))
        #expect(payloads.count == 1)
        #expect(failure?.kind == .malformed, "\(String(describing: failure))")
    }

    @Test func aServerKilledMidStreamEndsWithATransportFailure() async throws {
        let server = try await ReferenceServer.launch()
        defer { server.terminate() }
        let transport = FoundationTransport(endpoint: server.graphqlURL)
        var ticks = 0
        var ending: Failure?
        do {
            for try await _ in transport.send(Self.subscription("from: 1000, delayMs: 50")) {
                ticks += 1
                if ticks == 2 { server.terminate() }
            }
        } catch {
            ending = Failure(classifying: error)
        }
        #expect(ticks >= 2)
        #expect(ending?.transportError is URLError, "\(String(describing: ending))")
    }

    @Test func cancellingStopsTheServersGenerator() async throws {
        let transport = try await Self.transport()
        let tag = "foundation-cancel-\(UUID().uuidString)"
        let request = GraphQLRequest(
            query: "subscription($tag: String) { countdown(from: 100000, delayMs: 20, tag: $tag) { value } }",
            operationType: .subscription,
            variables: ["tag": .string(tag)]
        )
        let counts = GraphQLRequest(
            query: "query($tag: String) { activeCountdowns(tag: $tag) cancelledCountdowns(tag: $tag) }",
            variables: ["tag": .string(tag)]
        )
        let task = Task {
            var ticks = 0
            for try await _ in transport.send(request) { ticks += 1 }
            return ticks
        }
        var active: JSONValue?
        for _ in 0..<200 where active != 1 {
            active = try await transport.response(for: counts).data?["activeCountdowns"]
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(active == 1)
        task.cancel()
        _ = await task.result
        var after: JSONValue?
        for _ in 0..<200 {
            after = try await transport.response(for: counts).data
            if after?["activeCountdowns"] == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(after == ["activeCountdowns": 0, "cancelledCountdowns": 1])
    }
}
