import BatonCore
import Foundation
import ReferenceServer
import Testing
import TransportTestSupport

@testable import BatonTransportCurl

extension WireTests {
    /// The client's own pings, a peer that stops answering, and connects that hang, against the
    /// reference server: what `WebSocketTransport` promises about connections that go quiet.
    @Suite struct WebSocketKeepAliveTests {
        func countdown(_ arguments: String) -> GraphQLRequest {
            GraphQLRequest(query: "subscription { countdown(\(arguments)) { value } }", operationType: .subscription)
        }

        func pings(_ server: ReferenceServer, tag: String) async throws -> Int {
            let response = try await CurlTransport(endpoint: server.graphqlURL).response(
                for: GraphQLRequest(query: #"{ webSocketPings(tag: "\#(tag)") }"#))
            return Int(response.data?["webSocketPings"]?.intValue ?? -1)
        }

        @Test func quietSpellsArePingedAndThePongsKeepTheSubscription() async throws {
            let server = try await ReferenceServer.shared()
            let tag = uniqueTag()
            let endpoint = try #require(URL(string: "ws://127.0.0.1:\(server.port)/graphql?tag=\(tag)"))
            let transport = WebSocketTransport(
                endpoint: endpoint, options: .init(keepAliveInterval: .milliseconds(100), keepAliveTimeout: .milliseconds(500)))
            var values: [Int64] = []
            // Ticks 600 ms apart: about five quiet intervals each.
            for try await payload in transport.send(countdown("from: 3, delayMs: 600")) {
                values.append(payload.data?["countdown"]?["value"]?.intValue ?? -1)
            }
            #expect(values == [3, 2, 1])
            let count = try await pings(server, tag: tag)
            #expect(count >= 6, "the server saw \(count) pings")
        }

        @Test func noPingIsSentWhenKeepAliveIsOff() async throws {
            let server = try await ReferenceServer.shared()
            let tag = uniqueTag()
            let endpoint = try #require(URL(string: "ws://127.0.0.1:\(server.port)/graphql?tag=\(tag)"))
            let transport = WebSocketTransport(endpoint: endpoint, options: .init(keepAliveInterval: nil))
            for try await _ in transport.send(countdown("from: 2, delayMs: 300")) {}
            #expect(try await pings(server, tag: tag) == 0)
        }

        @Test func aPeerThatStopsAnsweringEndsTheStreamAsATransportFailureWithinTheTimeout() async throws {
            let server = try await ReferenceServer.shared()
            // connection_ack and two ticks, then silence with the TCP connection open.
            let endpoint = try #require(URL(string: "ws://127.0.0.1:\(server.port)/ws-silent?after=3"))
            let transport = WebSocketTransport(
                endpoint: endpoint, options: .init(keepAliveInterval: .milliseconds(200), keepAliveTimeout: .milliseconds(300)))
            var received = 0
            var lastTick = ContinuousClock.now
            let error = await thrownError {
                for try await _ in transport.send(countdown("from: 1000, delayMs: 20")) {
                    received += 1
                    lastTick = .now
                }
            }
            let detected = lastTick.duration(to: .now)
            #expect(received == 2)
            let transportError = try #require(error as? TransportError, "\(String(describing: error))")
            #expect(Failure(classifying: transportError).kind == .transport)
            #expect(transportError.statusCode == 0)
            #expect(transportError.body.contains("did not answer a ping within 0.3 s"), "\(transportError.body)")
            // A ping after 200 ms of silence, 300 ms for an answer: detected after 500 ms, and soon after.
            #expect(detected >= .milliseconds(480), "detected after \(detected)")
            #expect(detected < .seconds(2), "detected after \(detected)")
        }

        @Test(arguments: ["ws", "wss"])
        func aHangingConnectLeavesAnotherConnectionFlowingOnTheSameThread(scheme: String) async throws {
            let server = try await ReferenceServer.shared()
            let listener = SilentListener()
            let hangingEndpoint = try #require(URL(string: "\(scheme)://127.0.0.1:\(listener.port)/graphql"))
            // ws: the TCP connect succeeds and the upgrade is never answered; wss: the TLS
            // handshake is never answered, so curl's connect timeout ends it.
            let hanging = WebSocketTransport(endpoint: hangingEndpoint, curl: CurlOptions(connectTimeout: .milliseconds(2500)))
            let hangingStarted = ContinuousClock.now
            let hangingTask = Task { await thrownError { for try await _ in hanging.send(countdown("from: 1")) {} } }
            try await Task.sleep(for: .milliseconds(100))

            let flowing = WebSocketTransport(endpoint: server.webSocketURL)
            var arrivals: [ContinuousClock.Instant] = []
            var threadsWhileFlowing = 0
            for try await _ in flowing.send(countdown("from: 10, delayMs: 50")) {
                arrivals.append(.now)
                threadsWhileFlowing = max(threadsWhileFlowing, threads(named: WebSocketLoopThread.name))
            }
            let flowEnded = ContinuousClock.now
            let error = await hangingTask.value
            let hangingEnded = ContinuousClock.now

            #expect(arrivals.count == 10)
            let gaps = zip(arrivals, arrivals.dropFirst()).map { $0.duration(to: $1) }
            #expect(gaps.allSatisfy { $0 < .milliseconds(400) }, "gaps between ticks: \(gaps)")
            #expect(flowEnded < hangingEnded, "the flowing subscription finished while the other connect still hung")
            #expect(threadsWhileFlowing == 1, "both connections on one thread")
            let transportError = try #require(error as? TransportError, "\(String(describing: error))")
            #expect(transportError.statusCode == 0)
            let waited = hangingStarted.duration(to: hangingEnded)
            #expect(waited >= .milliseconds(2400) && waited < .seconds(6), "the hanging connect ended after \(waited)")
            if scheme == "ws" {
                #expect(transportError.body.contains("did not answer the WebSocket handshake"), "\(transportError.body)")
            } else {
                #expect(transportError.body.hasSuffix("(curl error 28)"), "\(transportError.body)")
            }
            withExtendedLifetime(listener) {}
        }
    }
}
