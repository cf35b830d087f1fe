import Baton
@_spi(Generated) import BatonCore
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// Subscription handles against the reference server.
@Suite struct SubscriptionHandleTests {
    @Test func eachEventIsTheHandlesDataAndTheServersCompletionEndsIt() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let environment = Environment(transport: transport, subscriptionTransport: transport, store: MemoryStore())
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 3)))
        let ending = await handle.ended()
        #expect(ending == nil)
        #expect(handle.snapshot.events == 3)
        #expect(handle.phase.data?.value == 1)
    }

    @Test func withoutASubscriptionTransportItEndsAsAnEnvironmentFailure() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 3)))
        let ending = await handle.ended()
        guard case .environment(let error)? = ending else {
            Issue.record("an environment failure, got \(String(describing: ending))")
            return
        }
        #expect(error.code == .noSubscriptionTransport)
    }

    @Test func aDroppedConnectionIsResumedAndAServerGoneForGoodEndsItAsTheTransports() async throws {
        let server = try await ReferenceServer.launch()
        let transport = CurlTransport(endpoint: server.url("/cut-sse?events=2"))
        let environment = Environment(
            transport: transport, subscriptionTransport: transport, store: MemoryStore(),
            options: Environment.Options(
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), maximumAttempts: 3)))
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 1000)))
        var resumed = false
        for await snapshot in handle where snapshot.resumptions >= 2 && snapshot.events >= 4 {
            resumed = true
            break
        }
        #expect(resumed)
        server.terminate()
        let ending = await handle.ended()
        #expect(ending?.kind == .transport)
    }

    @Test func aWebSocketServerThatGoesSilentIsNoticedByItsPingsAndResubscribed() async throws {
        let server = try await ReferenceServer.shared()
        // connection_ack and two events on each connection, then silence with the socket open.
        let endpoint = try #require(URL(string: "ws://127.0.0.1:\(server.port)/ws-silent?after=3"))
        let transport = WebSocketTransport(
            endpoint: endpoint, options: .init(keepAliveInterval: .milliseconds(100), keepAliveTimeout: .milliseconds(200)))
        let environment = Environment(
            transport: CurlTransport(endpoint: server.graphqlURL), subscriptionTransport: transport, store: MemoryStore(),
            options: Environment.Options(
                reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), maximumAttempts: 5)))
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 1000, delayMs: 10)))
        var resumed = false
        for await snapshot in handle where snapshot.resumptions >= 2 && snapshot.events >= 6 {
            resumed = true
            break
        }
        #expect(resumed)
    }

    @Test func lettingGoOfTheHandleCancelsTheSubscriptionOnTheServer() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let environment = Environment(transport: transport, subscriptionTransport: transport, store: MemoryStore())
        let tag = UUID().uuidString
        var handle: SubscriptionHandle<CountdownSubscription>? = environment.subscribe(
            CountdownSubscription(variables: .init(from: 1000, delayMs: 20, tag: .value(tag))))
        if let handle {
            for await snapshot in handle where snapshot.events >= 2 { break }
        }
        handle = nil
        var cancelled = false
        for _ in 0..<100 where !cancelled {
            let response = try await transport.response(for: GraphQLRequest(query: #"{ cancelledCountdowns(tag: "\#(tag)") }"#))
            cancelled = response.data?["cancelledCountdowns"] == .int(1)
            if !cancelled { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(cancelled)
    }

    @Test func aThousandUpdatesKeepMemoryFlat() async throws {
        let server = try await ReferenceServer.shared()
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let store = MemoryStore()
        let environment = Environment(transport: transport, subscriptionTransport: transport, store: store)
        let before = residentBytes()
        let handle = environment.subscribe(CountdownSubscription(variables: .init(from: 1000, delayMs: 1)))
        var early: Int?
        for await snapshot in handle {
            if snapshot.events == 100 { early = early ?? residentBytes() }
        }
        let late = residentBytes()
        #expect(handle.snapshot.events == 1000)
        #expect(handle.phase.data?.value == 1)
        // Growth is counted from the 100th update, once the connection and the first reads have
        // made what they keep; the whole process is measured, so tests beside it count too.
        let growth = late - (early ?? late)
        print(
            "subscription memory: resident \(Self.megabytes(before)) before subscribing, \(Self.megabytes(early ?? 0)) at update 100, "
                + "\(Self.megabytes(late)) after 1,000 updates; growth over the last 900: \(growth / 1024) KiB (/proc/self/statm)")
        // Each event overwrites the same records: the store and the handle hold one event's worth.
        #expect(store.recordIDs.count <= 2)
        #expect(growth < 16 << 20, "resident memory grew \(growth) bytes over 900 updates")
    }
}

extension SubscriptionHandleTests {
    /// `bytes` in MiB with one decimal, for the printed figure.
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}

/// This process's resident memory, from /proc/self/statm.
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * 4096 : 0
}

/// A `@defer` query through a handle, against the reference server.
@Suite struct DeferredHandleTests {
    @Test func aDeferredQueryIsReadyWithItsFirstPayloadAndItsDeferredPartsPending() async throws {
        let server = try await ReferenceServer.shared()
        let environment = Environment(transport: CurlTransport(endpoint: server.graphqlURL), store: MemoryStore())
        let handle = environment.watch(DeferredQuery(), policy: .networkOnly)
        let first = try await handle.first { $0.phase.data != nil }
        #expect(first.phase.data?.hello == "Hello, world!")
        #expect(first.phase.data?.slow == nil)
        #expect(first.fetch.isInFlight)
        #expect(first.missing.isEmpty)
        #expect(!first.isRefreshing)
        let done = try await handle.first { !$0.fetch.isInFlight }
        #expect(done.phase.data?.slow == "slept 400 ms")
        #expect(done.missing.isEmpty)
    }
}
