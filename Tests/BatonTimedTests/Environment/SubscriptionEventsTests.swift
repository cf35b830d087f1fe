import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// A subscription reports to the environment's sinks as a fetch does: `fetch.started` for each
/// subscribing, then `fetch.failed` with the failure's kind when the connection fails (each drop
/// a resubscription mends, and the last), or `fetch.succeeded` when the server completes it;
/// never a variable or text the server sent.
@Suite struct SubscriptionEventsTests {
    static let plantedTag = "PLANTED-VARIABLE-c41d"

    func words(_ event: Event) -> String {
        var parts = [event.kind.summary, event.kind.name, event.operationName ?? ""]
        if let (kind, message) = event.kind.fetchFailure { parts += [kind.rawValue, message] }
        return parts.joined(separator: " ")
    }

    @Test func aCompletedSubscriptionIsStartedThenSucceeded() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let recorder = RecordingEventSink()
        let environment = Environment(transport: transport, subscriptionTransport: transport, store: MemoryStore(), events: [recorder])
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 2, tag: .value(Self.plantedTag))))
        #expect(await handle.ended() == nil)
        #expect(recorder.fetches.map(\.kind.name) == ["fetch.started", "fetch.succeeded"])
    }

    @Test func eachDroppedConnectionAndTheLastFailureAreReportedWithTheirKind() async throws {
        let server = try await ReferenceServer.launch()
        let transport = CurlTransport(endpoint: server.url("/cut-sse?events=2"))
        let recorder = RecordingEventSink()
        let environment = Environment(
            transport: transport, subscriptionTransport: transport, store: MemoryStore(), events: [recorder],
            options: Environment.Options(
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), maximumAttempts: 3)))
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 1000, tag: .value(Self.plantedTag))))
        for await snapshot in handle where snapshot.resumptions >= 2 { break }
        server.terminate()
        let ending = await handle.ended()
        #expect(ending?.kind == .transport)

        let fetches = recorder.fetches
        let names = fetches.map(\.kind.name)
        // started, failed, started, failed, …: one failure for every subscribing, the last included.
        #expect(names.count >= 6, "\(names)")
        #expect(names.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "fetch.started" : "fetch.failed") }, "\(names)")
        // A stream cut mid-event is malformed (truncated); the server gone for good, the transport's.
        let kinds = fetches.compactMap(\.kind.fetchFailure).map(\.0)
        #expect(kinds.allSatisfy { $0 == .transport || $0 == .malformed }, "\(kinds)")
        #expect(kinds.last == .transport, "\(kinds)")
        for event in fetches { #expect(!words(event).contains(Self.plantedTag), "\(words(event))") }
    }

    @Test func noSubscriptionTransportIsReportedAsAnEnvironmentFailure() async throws {
        let server = try await ReferenceServer.shared()
        let recorder = RecordingEventSink()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore(), events: [recorder])
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 3)))
        _ = await handle.ended()
        #expect(recorder.fetches.map(\.kind.name) == ["fetch.failed"])
        #expect(recorder.fetches.first?.kind.fetchFailure?.0 == .environment)
    }
}

extension RecordingEventSink {
    /// The fetch events of the countdown subscription, in order.
    fileprivate var fetches: [Event] {
        events(of: CountdownSubscription.operationName).filter { $0.kind.name.hasPrefix("fetch.") }
    }
}
