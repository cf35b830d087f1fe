@_spi(Transport) import BatonCore
import BatonTestSupport
@_spi(Transport) import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
@_spi(Transport) import TransportTestSupport

/// One TLS reference server (HTTP/2 by ALPN) for every test here, started on first use.
private let http2Server = Task { try await ReferenceServer.launch(tls: .testCertificate) }

extension WireTests {
    /// HTTP/2 through curl, against the reference server's TLS mode (hypercorn, `h2` by ALPN),
    /// whose certificate only the test authority in `TestServer/tls/` vouches for.
    @Suite struct CurlHTTP2Tests {
        func server() async throws -> ReferenceServer {
            try await http2Server.value
        }

        func trusting(_ server: ReferenceServer) throws -> CurlOptions {
            let authority = try #require(server.tls?.certificateAuthorityFile)
            return CurlOptions(tls: .certificateAuthorities(file: authority))
        }

        func transport(_ server: ReferenceServer, loop: CurlEventLoop = .shared) throws -> CurlTransport {
            CurlTransport(endpoint: server.graphqlURL, curl: try trusting(server), loop: loop)
        }

        @Test func httpsNegotiatesHTTP2() async throws {
            let server = try await server()
            let response = try await transport(server).response(for: GraphQLRequest(query: "{ httpVersion hello }"))
            #expect(response.data == ["httpVersion": "2", "hello": "Hello, world!"])
        }

        /// HTTP/2 is asked for only over TLS (`CURL_HTTP_VERSION_2TLS`): plain HTTP stays HTTP/1.1.
        @Test func plainHTTPStaysHTTP1() async throws {
            let server = try await ReferenceServer.shared()
            let response = try await CurlTransport(endpoint: server.graphqlURL).response(for: GraphQLRequest(query: "{ httpVersion }"))
            #expect(response.data == ["httpVersion": "1.1"])
        }

        /// 50 requests that each take 200 ms on the server, started at once, share one connection
        /// as concurrent streams: the server sees one client port, the loop counts one connection,
        /// and the whole takes far less than the 10 s they would take one after another.
        @Test func fiftyConcurrentRequestsMultiplexOnOneConnection() async throws {
            let server = try await server()
            let loop = CurlEventLoop(name: "baton-curl-h2")
            let transport = try transport(server, loop: loop)
            let started = ContinuousClock.now
            let answers = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await transport.response(for: GraphQLRequest(query: "{ httpVersion clientPort slow(ms: 200) }")).data
                    }
                }
                return try await group.reduce(into: [JSONValue?]()) { $0.append($1) }
            }
            let elapsed = started.duration(to: .now)
            _ = await eventually { loop.connectionsOpened >= 1 }  // counted as each transfer ends
            let ports = Set(answers.compactMap { $0?["clientPort"]?.intValue })
            print(
                "50 concurrent requests over HTTP/2: \(elapsed), \(loop.connectionsOpened) connection(s) opened, \(ports.count) client port(s) seen by the server"
            )
            #expect(answers.count == 50)
            #expect(answers.allSatisfy { $0?["httpVersion"] == "2" && $0?["slow"] == "slept 200 ms" })
            #expect(ports.count == 1, "client ports: \(ports.sorted())")
            #expect(loop.connectionsOpened == 1)
            #expect(elapsed < .seconds(5), "50 requests of 200 ms took \(elapsed): they did not run side by side")
            await loop.shutdown()
        }

        /// Large bodies on concurrent streams arrive whole: HTTP/2 flow control never stalls them.
        @Test func largeBodiesOnConcurrentStreamsArriveWhole() async throws {
            let server = try await server()
            let loop = CurlEventLoop(name: "baton-curl-h2big")
            let client = CurlHTTPClient(loop: loop, options: try trusting(server))
            let url = server.url("/payload?n=10000")
            let sizes = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        let exchange = try await client.exchange(GraphQLHTTPRequest(method: .get, url: url))
                        return (exchange.heads.first?.statusCode ?? 0, exchange.body.count)
                    }
                }
                return try await group.reduce(into: [(Int, Int)]()) { $0.append($1) }
            }
            #expect(sizes.map(\.0) == [200, 200, 200, 200])
            #expect(sizes.map(\.1) == [3_498_449, 3_498_449, 3_498_449, 3_498_449])
            #expect(loop.connectionsOpened == 1)
            await loop.shutdown()
        }

        /// A slow consumer of a long multipart body over HTTP/2: the stream is paused and unpaused
        /// many times (its buffer holds 1 MiB of the 24 MiB), and every part arrives whole, in order.
        @Test func aPausedStreamLosesNothing() async throws {
            let server = try await server()
            var consumer = SlowConsumer()
            consumer.bytes = 24 << 20
            consumer.parts = 48
            consumer.pace = .milliseconds(10)
            let curl = try trusting(server)
            let (figures, problems) = await consumer.run(at: server.baseURL, transport: "curl") { CurlTransport(endpoint: $0, curl: curl) }
            #expect(problems.isEmpty, "\(problems)")
            #expect(figures.parts == 48)
        }

        /// An SSE subscription streams over HTTP/2, tick by tick, while other requests share its connection.
        @Test func subscriptionStreamsBesideOtherRequests() async throws {
            let server = try await server()
            let loop = CurlEventLoop(name: "baton-curl-h2sse")
            let transport = try transport(server, loop: loop)
            let request = GraphQLRequest(
                query: "subscription { countdown(from: 4, delayMs: 150) { value } }", operationType: .subscription)
            var ticks: [(value: Int64, at: ContinuousClock.Instant)] = []
            var versions: [JSONValue?] = []
            for try await payload in transport.send(request) {
                if let value = payload.data?["countdown"]?["value"]?.intValue { ticks.append((value, .now)) }
                if ticks.count == 2 {
                    versions.append(try await transport.response(for: GraphQLRequest(query: "{ httpVersion }")).data?["httpVersion"])
                }
            }
            #expect(ticks.map(\.value) == [4, 3, 2, 1])
            if let first = ticks.first, let last = ticks.last {
                #expect(first.at.duration(to: last.at) >= .milliseconds(300), "the ticks came together, not as they happened")
            }
            #expect(versions == ["2"])
            // The stream's consumer may finish before the loop has counted the stream's transfer.
            #expect(await eventually { loop.connectionsOpened >= 1 })
            #expect(loop.connectionsOpened == 1)
            await loop.shutdown()
        }

        /// Leaving a subscription resets its stream only: the server closes the generator, and
        /// the next request still runs on the same connection.
        @Test func leavingASubscriptionKeepsTheConnection() async throws {
            let server = try await server()
            let loop = CurlEventLoop(name: "baton-curl-h2rst")
            let transport = try transport(server, loop: loop)
            let tag = uniqueTag()
            let portQuery = GraphQLRequest(query: "{ clientPort }")
            let before = try await transport.response(for: portQuery).data?["clientPort"]
            let request = GraphQLRequest(
                query: #"subscription { countdown(from: 1000, delayMs: 20, tag: "\#(tag)") { value } }"#,
                operationType: .subscription)
            var ticks = 0
            for try await _ in transport.send(request) {
                ticks += 1
                if ticks == 2 { break }
            }
            let counters = GraphQLRequest(query: #"{ cancelledCountdowns(tag: "\#(tag)") activeCountdowns(tag: "\#(tag)") }"#)
            let closed = try await eventually {
                try await transport.response(for: counters).data == ["cancelledCountdowns": 1, "activeCountdowns": 0]
            }
            #expect(closed, "the server's countdown generator was not closed")
            let after = try await transport.response(for: portQuery).data?["clientPort"]
            #expect(before != nil && before == after, "client port \(String(describing: before)), then \(String(describing: after))")
            _ = await eventually { loop.connectionsOpened >= 1 }
            #expect(loop.connectionsOpened == 1)
            await loop.shutdown()
        }

        /// `@defer` parts (multipart/mixed) stream over HTTP/2: the first part at once, the slow one later.
        @Test func deferredPartsStream() async throws {
            let server = try await server()
            let request = GraphQLRequest(query: #"{ httpVersion ... @defer(label: "slow") { slow(ms: 400) } }"#)
            var payloads: [(response: GraphQLResponse, at: ContinuousClock.Instant)] = []
            for try await payload in try transport(server).send(request) { payloads.append((payload, .now)) }
            let first = try #require(payloads.first)
            let last = try #require(payloads.last)
            #expect(payloads.count >= 2)
            #expect(first.response.data == ["httpVersion": "2"])
            #expect(first.response.hasNext == true)
            #expect(last.response.hasNext == false)
            #expect(first.at.duration(to: last.at) >= .milliseconds(250), "the slow part came with the first")
        }

        @Test func certificateIsVerifiedWithoutTheAuthority() async throws {
            let server = try await server()
            let transport = CurlTransport(endpoint: server.graphqlURL)
            do {
                _ = try await transport.response(for: GraphQLRequest(query: "{ httpVersion }"))
                Issue.record("an untrusted certificate was accepted")
            } catch {
                let transportError = try #require(error.transportError as? TransportError, "\(error)")
                #expect(transportError.statusCode == 0)
                #expect(transportError.body.hasSuffix("(curl error 60)"), "\(transportError.body)")
            }
        }

        /// A `wss://` upgrade is HTTP/1.1 even against a server that would speak HTTP/2.
        @Test func secureWebSocketUpgradesOverHTTP1() async throws {
            let server = try await server()
            let transport = WebSocketTransport(endpoint: server.webSocketURL, curl: try trusting(server))
            let response = try await transport.response(for: GraphQLRequest(query: "{ httpVersion hello }"))
            #expect(response.data == ["httpVersion": "1.1", "hello": "Hello, world!"])
        }

        /// The shipped conformance suite, every check, over HTTP/2.
        @Test(arguments: TransportConformance.Check.allCases)
        func conformance(_ check: TransportConformance.Check) async throws {
            let server = try await server()
            let options = try trusting(server)
            let suite = TransportConformance(serverURL: server.baseURL) { endpoint in
                CurlTransport(endpoint: endpoint, curl: options)
            }
            do {
                try await suite.run(check)
            } catch {
                Issue.record("\(error)")
            }
        }
    }
}
