import BatonCore
import Foundation
import ReferenceServer
import Synchronization
import Testing
import TransportTestSupport

@testable import BatonTransportCurl

extension WireTests {
    @Suite struct WebSocketTransportTests {
        func countdown(_ arguments: String) -> GraphQLRequest {
            GraphQLRequest(query: "subscription { countdown(\(arguments)) { value note } }", operationType: .subscription)
        }

        func webSocketURL(_ server: ReferenceServer, _ pathAndQuery: String) throws -> URL {
            try #require(URL(string: "ws://127.0.0.1:\(server.port)\(pathAndQuery)"))
        }

        /// Collects a stream's payloads and how it ended.
        func collect(_ stream: AsyncThrowingStream<GraphQLResponse, any Error>) async -> ([GraphQLResponse], (any Error)?) {
            var payloads: [GraphQLResponse] = []
            do {
                for try await payload in stream { payloads.append(payload) }
                return (payloads, nil)
            } catch {
                return (payloads, error)
            }
        }

        /// Makes the process create what it creates once (libcurl's and Dispatch's descriptors)
        /// and waits for connections of earlier tests to finish closing, so a descriptor count
        /// taken after it changes only with the connections the test opens.
        func warmUp(_ server: ReferenceServer) async throws {
            let transport = WebSocketTransport(endpoint: server.webSocketURL, options: .init(idleTimeout: .zero))
            _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
            try await Task.sleep(for: .milliseconds(100))
            try #require(await eventually { threads(named: "baton-websocket") == 0 }, "connections of earlier tests are still open")
        }

        func values(_ payloads: [GraphQLResponse]) -> [Int64] {
            payloads.compactMap { $0.data?["countdown"]?["value"]?.intValue }
        }

        @Test func countdownTicksArriveInOrderAndComplete() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            let (payloads, error) = await collect(transport.send(countdown("from: 5, delayMs: 10")))
            #expect(error == nil)
            #expect(values(payloads) == [5, 4, 3, 2, 1])
            #expect(payloads.allSatisfy { $0.errors.isEmpty })
        }

        @Test func tickWithAFieldErrorArrivesAsDataAndErrors() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            let (payloads, error) = await collect(transport.send(countdown("from: 3, failAt: 2")))
            #expect(error == nil)
            #expect(values(payloads) == [3, 2, 1])
            let failed = try #require(payloads.first { !$0.errors.isEmpty })
            #expect(failed.data?["countdown"]?["note"] == .null)
            #expect(failed.errors.first?.code == "TICK_FAILED")
            #expect(failed.errors.first?.path == [.key("countdown"), .key("note")])
        }

        @Test func crashedSourceStreamEndsWithARequestError() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            let (payloads, error) = await collect(transport.send(countdown("from: 4, crashAt: 2")))
            #expect(values(payloads) == [4, 3])
            let failure = Failure(classifying: try #require(error))
            #expect(failure.kind == .request)
            #expect(failure.requestErrors.first?.code == "COUNTDOWN_CRASHED")
        }

        @Test func requestErrorOfAnInvalidDocumentIsARequestFailure() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            let (_, error) = await collect(transport.send(GraphQLRequest(query: "subscription { nope }", operationType: .subscription)))
            #expect(Failure(classifying: try #require(error)).kind == .request)
        }

        @Test func queriesInitPayloadAndUpgradeHeadersTravel() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(
                endpoint: server.webSocketURL,
                options: .init(headers: [HeaderField(name: "X-Upgrade", value: "from the handshake")], connectionInitPayload: ["token": "abc"]))
            let response = try await transport.response(
                for: GraphQLRequest(
                    query: #"{ connectionInitPayload header: requestHeader(name: "X-Upgrade") hello }"#))
            #expect(response.data?["connectionInitPayload"] == #"{"token":"abc"}"#)
            #expect(response.data?["header"] == "from the handshake")
            #expect(response.data?["hello"] == "Hello, world!")
        }

        @Test func cancellingSendsCompleteAndTheServerStopsItsGenerator() async throws {
            let server = try await ReferenceServer.shared()
            let tag = uniqueTag()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            let other = transport.send(countdown("from: 3, delayMs: 100"))
            var received = 0
            for try await _ in transport.send(countdown(#"from: 1000, delayMs: 20, tag: "\#(tag)""#)) {
                received += 1
                if received == 3 { break }
            }
            let counters = CountdownCounters(server: server, tag: tag)
            #expect(try await eventually { try await counters.active() == 0 })
            #expect(try await counters.cancelled() == 1)
            // The other operation on the same connection is untouched.
            let (payloads, error) = await collect(other)
            #expect(error == nil)
            #expect(values(payloads) == [3, 2, 1])
            #expect(transport.pool.sessionsOpened.load(ordering: .relaxed) == 1)
        }

        @Test func cancellingTheTaskSendsCompleteToo() async throws {
            let server = try await ReferenceServer.shared()
            let tag = uniqueTag()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            let (ticks, tickContinuation) = AsyncStream<Void>.makeStream()
            let task = Task {
                for try await _ in transport.send(countdown(#"from: 1000, delayMs: 20, tag: "\#(tag)""#)) { tickContinuation.yield() }
            }
            var received = 0
            for await _ in ticks {
                received += 1
                if received == 2 { break }
            }
            task.cancel()
            let counters = CountdownCounters(server: server, tag: tag)
            #expect(try await eventually { try await counters.active() == 0 })
            #expect(try await counters.cancelled() == 1)
        }

        @Test func killedServerEndsTheStreamWithATransportFailure() async throws {
            let server = try await ReferenceServer.launch()
            let transport = WebSocketTransport(endpoint: server.webSocketURL)
            var received = 0
            let error = await thrownError {
                for try await _ in transport.send(countdown("from: 1000, delayMs: 20")) {
                    received += 1
                    if received == 3 { server.terminate() }
                }
            }
            #expect(received >= 3)
            let transportError = try #require(error as? TransportError, "\(String(describing: error))")
            #expect(transportError.statusCode == 0)
        }

        @Test func refusedConnectionIsStatusZeroWithCurlsMessage() async throws {
            let endpoint = try #require(URL(string: "ws://127.0.0.1:\(ReferenceServer.closedPort())/graphql"))
            let (_, error) = await collect(WebSocketTransport(endpoint: endpoint).send(countdown("from: 1")))
            let transportError = try #require(error as? TransportError)
            #expect(transportError.statusCode == 0)
            #expect(transportError.body.hasSuffix("(curl error 7)"))
        }

        @Test func droppedSocketIsATransportFailure() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: try webSocketURL(server, "/ws-drop?after=3"))
            let (payloads, error) = await collect(transport.send(countdown("from: 10, delayMs: 10")))
            #expect(values(payloads) == [10, 9])
            #expect((error as? TransportError)?.statusCode == 0)
        }

        @Test func fragmentedFramesAndServerPingsAreHandled() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: try webSocketURL(server, "/ws-frames?fragment=3&ping=1"))
            let (payloads, error) = await collect(transport.send(countdown("from: 3")))
            #expect(error == nil)
            #expect(values(payloads) == [3, 2, 1])
        }

        @Test(arguments: ["mask=1", "binary=1"])
        func frameThatBreaksTheProtocolIsMalformed(query: String) async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: try webSocketURL(server, "/ws-frames?\(query)"))
            let (payloads, error) = await collect(transport.send(countdown("from: 3")))
            #expect(payloads.isEmpty)
            #expect(Failure(classifying: try #require(error)).kind == .malformed, "\(String(describing: error))")
        }

        @Test func closeFrameFromTheServerKeepsItsCodeAndReason() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: try webSocketURL(server, "/ws-frames?closeAfter=2&closeCode=4500&closeReason=bye"))
            let (payloads, error) = await collect(transport.send(countdown("from: 3")))
            #expect(values(payloads) == [3])
            let closed = try #require(error as? WebSocketError, "\(String(describing: error))")
            #expect(closed.code == .closed)
            #expect(closed.closeCode == 4500)
            #expect(closed.closeReason == "bye")
        }

        @Test func forbiddenConnectionEndsWith4403() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: server.webSocketURL, options: .init(connectionInitPayload: ["reject": true]))
            let (_, error) = await collect(transport.send(countdown("from: 3")))
            #expect((error as? WebSocketError)?.closeCode == 4403, "\(String(describing: error))")
        }

        @Test func refusedUpgradeCarriesTheStatus() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: try webSocketURL(server, "/status/404"))
            let (_, error) = await collect(transport.send(countdown("from: 3")))
            let transportError = try #require(error as? TransportError, "\(String(describing: error))")
            #expect(transportError.statusCode >= 400, "\(transportError)")
        }

        @Test func twoHundredSubscriptionsShareOneConnectionAndLeaveNoDescriptorBehind() async throws {
            // A private server, so the sockets connected to its port are this test's alone.
            let server = try await ReferenceServer.launch()
            defer { server.terminate() }
            let transport = WebSocketTransport(endpoint: server.webSocketURL, options: .init(idleTimeout: .milliseconds(700)))
            try await warmUp(server)
            let descriptorsBefore = openDescriptorCount()
            let started = ContinuousClock.now
            let results = await withTaskGroup(of: ([Int64], Bool).self) { group in
                for _ in 0..<200 {
                    group.addTask {
                        let (payloads, error) = await collect(transport.send(countdown("from: 5, delayMs: 20")))
                        return (values(payloads), error == nil)
                    }
                }
                return await group.reduce(into: [([Int64], Bool)]()) { $0.append($1) }
            }
            let elapsed = started.duration(to: .now)
            #expect(results.count == 200)
            #expect(results.allSatisfy { $0.0 == [5, 4, 3, 2, 1] && $0.1 })
            #expect(transport.pool.sessionsOpened.load(ordering: .relaxed) == 1)
            #expect(descriptorsConnected(toPort: server.port) == 1, "one connection, open until the idle timeout")
            print("200 subscriptions of 5 ticks over one WebSocket: \(elapsed)")
            #expect(await eventually { descriptorsConnected(toPort: server.port) == 0 && threads(named: "baton-websocket") == 0 })
            // Other test targets may open descriptors meanwhile; this target's wire tests run one at a time.
            #expect(
                await eventually(within: .seconds(10)) { openDescriptorCount() <= descriptorsBefore },
                "descriptors: \(descriptorsBefore) before, \(openDescriptorCount()) after")
        }

        @Test func connectionClosesWhenIdleAndReopensForTheNextOperation() async throws {
            let server = try await ReferenceServer.shared()
            let transport = WebSocketTransport(endpoint: server.webSocketURL, options: .init(idleTimeout: .milliseconds(50)))
            try await warmUp(server)
            let descriptorsBefore = openDescriptorCount()
            _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
            #expect(await eventually { openDescriptorCount() == descriptorsBefore })
            _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
            #expect(transport.pool.sessionsOpened.load(ordering: .relaxed) == 2)
        }
    }
}
