import BatonCore
import Foundation

/// The checks about how a stream ends when it does not simply complete.
extension TransportConformance {
    /// A tick whose field failed arrives as data plus the error, and the stream goes on.
    func checkSubscriptionFieldError() async throws(ConformanceFailure<Check>) {
        let request = GraphQLRequest(
            query: "subscription Failing { countdown(from: 3, failAt: 2, delayMs: 10) { value note } }",
            operationName: "Failing",
            operationType: .subscription
        )
        let payloads = try await collect(.subscriptionFieldError, request)
        let values = payloads.map { $0.response.data?["countdown"]?["value"]?.intValue }
        try expect(
            values == [3, 2, 1], .subscriptionFieldError,
            "expected ticks 3, 2, 1, got \(payloads.map { Self.render($0.response) })")
        let failing = payloads[1].response
        try expect(
            failing.data?["countdown"]?["note"] == .null && failing.errors.map(\.code) == ["TICK_FAILED"],
            .subscriptionFieldError,
            "expected tick 2 with note null and an error with extensions.code TICK_FAILED, got \(Self.render(failing))")
        try expect(
            failing.errors.first?.path == [.key("countdown"), .key("note")], .subscriptionFieldError,
            "expected the tick's error at countdown.note, got \(failing.errors.map(\.path))")
    }

    /// A subscription whose source stream fails on the server ends with a request error that
    /// keeps the server's errors, after the ticks that came before.
    func checkSubscriptionSourceFailure() async throws(ConformanceFailure<Check>) {
        let transport = try await transport(.subscriptionSourceFailure)
        let request = GraphQLRequest(
            query: "subscription Crashing { countdown(from: 3, crashAt: 1, delayMs: 10) { value } }",
            operationName: "Crashing",
            operationType: .subscription
        )
        var values: [Int64?] = []
        do {
            for try await response in transport.send(request) {
                values.append(response.data?["countdown"]?["value"]?.intValue)
            }
        } catch {
            let failure = Failure(classifying: error)
            guard case .request(let errors) = failure, !errors.isEmpty else {
                throw ConformanceFailure(
                    .subscriptionSourceFailure,
                    "the transport threw (a \(failure.kind) failure) after \(values.count) ticks; expected ticks 3 and 2, then a request error",
                    underlying: error)
            }
            try expect(values == [3, 2], .subscriptionSourceFailure, "expected ticks 3 and 2 before the request error, got \(values)")
            return
        }
        throw ConformanceFailure(.subscriptionSourceFailure, "the stream completed (ticks \(values)) though its source failed")
    }

    /// A multipart body cut before its closing boundary is malformed, not a shorter success.
    func checkCutStream() async throws(ConformanceFailure<Check>) {
        let transport = try await transport(.cutStream, at: "/cut-multipart")
        let request = GraphQLRequest(query: #"{ hello ... @defer(label: "later") { slow(ms: 50) } }"#)
        var received = 0
        do {
            for try await _ in transport.send(request) { received += 1 }
        } catch {
            let failure = Failure(classifying: error)
            guard case .malformed(let ingest) = failure else {
                throw ConformanceFailure(
                    .cutStream, "the transport threw (a \(failure.kind) failure); expected a malformed failure", underlying: error)
            }
            try expect(ingest.code == .truncated, .cutStream, "expected IngestError code truncated, got \(ingest.code)")
            return
        }
        throw ConformanceFailure(.cutStream, "a cut multipart body completed after \(received) payloads")
    }
}
