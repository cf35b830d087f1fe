import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

/// A subscription far faster than its consumer: the reference server's `/ws-flood` sends 20,000
/// `next` messages of 4 KiB (80 MiB) as fast as the socket takes them, and the consumer stops for
/// 3 s after the first. The transport's buffer for the operation holds 16 payloads; once it is
/// full the connection's thread stops reading the socket, so the server's sending stalls on the
/// kernel's window instead of the process growing by the 80 MiB (and the parsed payloads) it
/// would otherwise hold. The keep-alive is short (a ping after 200 ms of quiet, 300 ms to answer):
/// a paused reader hears nothing, and must not take that for a dead peer, even when other
/// operations, started and dropped during the wait, wake the connection's thread. Then every message must
/// arrive, in order. Runs in a test process of its own in `make test`: what other tests leave
/// resident would count here.
@Suite struct WebSocketStreamMemoryTests {
    static let messages = 20_000
    static let noteBytes = 4_096

    @Test func aSlowConsumerOfAFastSubscriptionHoldsABoundedAmount() async throws {
        let server = try await ReferenceServer.shared()
        // libcurl's and the loop thread's own first-use memory is not the stream's.
        _ = try await WebSocketTransport(endpoint: server.webSocketURL, options: .init(idleTimeout: .zero))
            .response(for: GraphQLRequest(query: "{ hello }"))
        let url = try #require(URL(string: "ws://127.0.0.1:\(server.port)/ws-flood?count=\(Self.messages)&size=\(Self.noteBytes)"))
        let transport = WebSocketTransport(
            endpoint: url, options: .init(keepAliveInterval: .milliseconds(200), keepAliveTimeout: .milliseconds(300)))
        let request = GraphQLRequest(query: "subscription { countdown(from: 1) { value note } }", operationType: .subscription)

        var iterator = transport.send(request).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.data?["countdown"]?["value"] == .int(0))
        let starting = ProcessFigures.residentBytes
        let (_, peak) = await ProcessFigures.measuringPeakResident {
            // Operations started and dropped meanwhile wake the connection's thread, which must
            // not count the silence of a paused reader against the keep-alive then either.
            for _ in 0..<3 {
                try? await Task.sleep(for: .seconds(1))
                _ = transport.send(request)
            }
        }

        var next: Int64 = 1
        var wrong = 0
        var failure: (any Error)?
        do {
            while let payload = try await iterator.next() {
                let note = payload.data?["countdown"]?["note"]?.stringValue?.utf8.count
                if payload.data?["countdown"]?["value"] != .int(next) || note != Self.noteBytes { wrong += 1 }
                next += 1
            }
        } catch {
            failure = error
        }
        let growth = peak - starting
        print(
            "WebSocketTransport, slow consumer of \(Self.messages) messages: VmRSS \(starting >> 20) MiB after the first,",
            "peak \(peak >> 20) MiB while it waited (+\(growth >> 10) KiB); \(next) read")
        #expect(failure == nil, "\(String(describing: failure))")
        #expect(next == Int64(Self.messages))
        #expect(wrong == 0)
        // ThreadSanitizer's shadow memory counts as resident, so the bound means nothing there.
        if !isUnderThreadSanitizer {
            // Unbounded, the 80 MiB of messages (and their parsed payloads) would be resident here.
            #expect(growth < 16 << 20, "grew by \(growth >> 10) KiB")
        }
    }
}
