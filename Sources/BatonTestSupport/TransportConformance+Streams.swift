import BatonCore
import Foundation

/// The checks about streams: cancelling, incremental delivery, subscriptions.
extension TransportConformance {
    func checkCancellation() async throws(ConformanceFailure<Check>) {
        let transport = try await transport(.cancellation)
        let ended = Locked<Result<GraphQLResponse, Failure>?>(nil)
        let task = Task {
            let result: Result<GraphQLResponse, Failure>
            do throws(Failure) {
                result = .success(try await transport.response(for: GraphQLRequest(query: "{ slow(ms: 10000) }")))
            } catch {
                result = .failure(error)
            }
            ended.withLock { $0 = result }
            return result
        }
        try? await Task.sleep(for: .milliseconds(300))
        // A request that ended before it was cancelled proves nothing about cancelling.
        if case .failure(let failure)? = ended.withLock({ $0 }) {
            throw ConformanceFailure(
                .cancellation, "the transport threw before its task was cancelled; expected a 10-second request still in flight",
                underlying: failure)
        }
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.value
        let took = ContinuousClock.now - cancelledAt
        if case .success(let response) = result {
            throw ConformanceFailure(.cancellation, "a cancelled request still returned \(Self.render(response))")
        }
        try expect(took < .seconds(2), .cancellation, "the request ended \(took) after its task was cancelled; expected under 2 seconds")
    }

    func checkDeferredPayloads() async throws(ConformanceFailure<Check>) {
        let slowMilliseconds = 600
        let request = GraphQLRequest(
            query: """
                query Deferred {
                  hello
                  ... @defer(label: "fast") { partial { ok failing } }
                  ... @defer(label: "slow") { slow(ms: \(slowMilliseconds)) }
                }
                """,
            operationName: "Deferred"
        )
        let payloads = try await collect(.deferredPayloads, request)
        try expect(
            payloads.count >= 3, .deferredPayloads,
            "expected the initial payload and one per deferred fragment, got \(payloads.count): \(payloads.map { Self.render($0.response) })")
        let initial = payloads[0].response
        try expect(
            initial.data?["hello"] == "Hello, world!" && initial.hasNext == true, .deferredPayloads,
            "expected an initial payload with data.hello and hasNext true, got \(Self.render(initial))")
        try expect(
            payloads.last?.response.hasNext == false, .deferredPayloads,
            "expected the last payload to have hasNext false, got \(payloads.last.map { Self.render($0.response) } ?? "")")

        let fast = try index(of: "partial", in: payloads)
        let slow = try index(of: "slow", in: payloads)
        try expect(
            0 < fast && fast < slow, .deferredPayloads,
            "expected the fast fragment (payload \(fast)) before the slow one (payload \(slow)), each after the initial payload")
        let gap = payloads[slow].arrival - payloads[fast].arrival
        try expect(
            gap >= .milliseconds(slowMilliseconds / 2), .deferredPayloads,
            "expected the slow fragment to arrive well after the fast one; it came \(gap) later (slow field: \(slowMilliseconds) ms)")

        let fastErrors = (try? payloads[fast].response.incremental.flatMap(\.errors)) ?? []
        let allErrors = fastErrors + payloads[fast].response.errors
        try expect(
            allErrors.contains { $0.code == "PARTIAL_FAILURE" }, .deferredPayloads,
            "expected the deferred part's error to keep extensions.code PARTIAL_FAILURE, got \(allErrors)")
    }

    func checkSubscriptionCountdown() async throws(ConformanceFailure<Check>) {
        let request = GraphQLRequest(
            query: "subscription Countdown { countdown(from: 4, delayMs: 30) { value note } }",
            operationName: "Countdown",
            operationType: .subscription
        )
        let payloads = try await collect(.subscriptionCountdown, request)
        let values = payloads.map { $0.response.data?["countdown"]?["value"]?.intValue }
        try expect(
            values == [4, 3, 2, 1], .subscriptionCountdown,
            "expected ticks 4, 3, 2, 1, got \(payloads.map { Self.render($0.response) })")
        try expect(
            payloads.allSatisfy { $0.response.errors.isEmpty }, .subscriptionCountdown,
            "expected ticks without errors, got \(payloads.flatMap(\.response.errors))")
        try await checkSubscriptionCancellation()
    }

    /// Stopping a subscription's consumer closes it on the server too.
    private func checkSubscriptionCancellation() async throws(ConformanceFailure<Check>) {
        let tag = "conformance-\(UUID().uuidString)"
        let transport = try await transport(.subscriptionCountdown)
        let request = GraphQLRequest(
            query: "subscription Long($tag: String) { countdown(from: 100000, delayMs: 20, tag: $tag) { value } }",
            operationName: "Long",
            operationType: .subscription,
            variables: ["tag": .string(tag)]
        )
        var received = 0
        do {
            for try await _ in transport.send(request) {
                received += 1
                if received == 2 { break }
            }
        } catch {
            throw ConformanceFailure(
                .subscriptionCountdown, "the transport threw after \(received) ticks of a long countdown; expected ticks until the consumer stopped",
                underlying: error)
        }
        try expect(received == 2, .subscriptionCountdown, "a long countdown ended after \(received) ticks")

        let counts = GraphQLRequest(
            query: "query Counts($tag: String) { activeCountdowns(tag: $tag) cancelledCountdowns(tag: $tag) }",
            variables: ["tag": .string(tag)]
        )
        let deadline = ContinuousClock.now + .seconds(5)
        var last: GraphQLResponse?
        while ContinuousClock.now < deadline {
            let response = try await fetch(.subscriptionCountdown, counts)
            if response.data?["activeCountdowns"] == 0 {
                try expect(
                    response.data?["cancelledCountdowns"] == 1, .subscriptionCountdown,
                    "expected the server to see the countdown cancelled, got \(Self.render(response))")
                return
            }
            last = response
            try? await Task.sleep(for: .milliseconds(50))
        }
        throw ConformanceFailure(
            .subscriptionCountdown,
            "stopping the consumer did not stop the server's countdown: \(last.map(Self.render) ?? "")")
    }

    /// A payload and when it arrived.
    struct Arrival: Sendable {
        var response: GraphQLResponse
        var arrival: ContinuousClock.Instant
    }

    /// Every payload of a stream that must complete.
    func collect(_ check: Check, _ request: GraphQLRequest) async throws(ConformanceFailure<Check>) -> [Arrival] {
        let transport = try await transport(check)
        var payloads: [Arrival] = []
        do {
            for try await response in transport.send(request) {
                payloads.append(Arrival(response: response, arrival: .now))
            }
        } catch {
            throw ConformanceFailure(
                check, "the transport threw after \(payloads.count) payloads; expected the stream to complete", underlying: error)
        }
        return payloads
    }

    /// The first payload whose incremental data holds `field`.
    private func index(of field: String, in payloads: [Arrival]) throws(ConformanceFailure<Check>) -> Int {
        for (index, payload) in payloads.enumerated() {
            let entries: [IncrementalResult]
            do {
                entries = try payload.response.incremental
            } catch {
                throw ConformanceFailure(.deferredPayloads, "payload \(index) has unreadable incremental entries", underlying: error)
            }
            if entries.contains(where: { $0.data?[field] != nil }) { return index }
        }
        throw ConformanceFailure(.deferredPayloads, "no payload delivered the deferred field \(field): \(payloads.map { Self.render($0.response) })")
    }
}
