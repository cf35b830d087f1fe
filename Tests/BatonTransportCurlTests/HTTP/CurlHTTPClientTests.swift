@_spi(Transport) import BatonCore
@_spi(Transport) import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
@_spi(Transport) import TransportTestSupport

extension WireTests {
    @Suite struct CurlHTTPClientTests {
        let client = CurlHTTPClient()

        @Test func reportsStatusAndFieldsOnceThenTheBody() async throws {
            let server = try await ReferenceServer.shared()
            let exchange = try await client.exchange(GraphQLHTTPRequest(method: .get, url: server.url("/status/404")))
            #expect(exchange.heads.count == 1)
            let head = try #require(exchange.heads.first)
            #expect(head.statusCode == 404)
            #expect(head.headers[field: "content-type"]?.hasPrefix("application/json") == true)
            #expect(head.headers[field: "Content-Length"] == String(exchange.body.count))
            #expect(exchange.text.contains("\"status\":404"))
        }

        @Test func sendsMethodFieldsAndBody() async throws {
            let server = try await ReferenceServer.shared()
            var request = graphQLPost(server.graphqlURL, #"{ requestHeader(name: "X-Baton-Test") }"#)
            request.headers.append(HeaderField(name: "X-Baton-Test", value: "sent by curl"))
            let exchange = try await client.exchange(request)
            #expect(exchange.heads.first?.statusCode == 200)
            #expect(exchange.text == #"{"data":{"requestHeader":"sent by curl"}}"#)

            let get = try await client.exchange(GraphQLHTTPRequest(method: .get, url: server.url("/graphql?query=%7Bhello%7D")))
            #expect(get.text == #"{"data":{"hello":"Hello, world!"}}"#)
        }

        @Test func streamedBodyArrivesInPiecesAsSent() async throws {
            let server = try await ReferenceServer.shared()
            let request = graphQLPost(
                server.graphqlURL, "subscription { countdown(from: 4, delayMs: 150) { value } }", accept: "text/event-stream")
            var arrivals: [(ContinuousClock.Instant, String)] = []
            for try await event in client.perform(request) {
                if case .body(let chunk) = event { arrivals.append((.now, String(decoding: chunk, as: UTF8.self))) }
            }
            let ticks = arrivals.filter { $0.1.contains("countdown") }
            #expect(ticks.count == 4, "each tick is its own chunk: \(arrivals.map(\.1))")
            if let first = ticks.first, let last = ticks.last {
                #expect(first.0.duration(to: last.0) >= .milliseconds(400))
            }
        }

        @Test func gzipBodyIsDecoded() async throws {
            let server = try await ReferenceServer.shared()
            let exchange = try await client.exchange(graphQLPost(server.graphqlURL, "{ items(count: 200) { id } }"))
            let head = try #require(exchange.heads.first)
            #expect(head.headers[field: "content-encoding"] == "gzip")
            let json = try JSONValue(parsing: exchange.body)
            #expect(json["data"]?["items"]?.listValue?.count == 200)
        }

        @Test func timeoutIsStatusZeroWithCurlsMessage() async throws {
            let server = try await ReferenceServer.shared()
            let started = ContinuousClock.now
            let error = await thrownError {
                _ = try await client.exchange(graphQLPost(server.url("/slow?ms=3000"), "{ hello }", timeout: .milliseconds(200)))
            }
            let transportError = try #require(error as? TransportError)
            #expect(transportError.statusCode == 0)
            #expect(transportError.body.hasSuffix("(curl error 28)"))
            #expect(transportError.body.contains("timed out"))
            #expect(started.duration(to: .now) < .seconds(2))
        }

        @Test func refusedConnectionIsStatusZeroWithCurlsMessage() async throws {
            let url = try #require(URL(string: "http://127.0.0.1:\(ReferenceServer.closedPort())/graphql"))
            let error = await thrownError { _ = try await client.exchange(graphQLPost(url, "{ hello }")) }
            let transportError = try #require(error as? TransportError)
            #expect(transportError.statusCode == 0)
            #expect(transportError.body.contains("Failed to connect to 127.0.0.1"))
            #expect(transportError.body.hasSuffix("(curl error 7)"))
        }

        @Test(arguments: [("/drop", 52), ("/truncated?incomplete=1", 18)])
        func cutResponseIsStatusZero(path: String, curlCode: Int) async throws {
            let server = try await ReferenceServer.shared()
            // A loop of its own: on a connection reused from the shared pool, curl retries a cut
            // request on the next pooled one, and reports error 55 once five were cut.
            let loop = CurlEventLoop(name: "baton-cut-test")
            let client = CurlHTTPClient(loop: loop)
            let error = await thrownError { _ = try await client.exchange(GraphQLHTTPRequest(method: .get, url: server.url(path))) }
            await loop.shutdown()
            let transportError = try #require(error as? TransportError, "\(path)")
            #expect(transportError.statusCode == 0)
            #expect(transportError.body.hasSuffix("(curl error \(curlCode))"), "\(transportError.body)")
        }

        @Test func stoppingTheIterationStopsTheTransferAndTheServerSeesIt() async throws {
            let server = try await ReferenceServer.shared()
            let tag = uniqueTag()
            let request = graphQLPost(
                server.graphqlURL, #"subscription { countdown(from: 1000, delayMs: 20, tag: "\#(tag)") { value } }"#,
                accept: "text/event-stream")
            var ticks = 0
            for try await event in client.perform(request) {
                if case .body(let chunk) = event, String(decoding: chunk, as: UTF8.self).contains("countdown") { ticks += 1 }
                if ticks == 3 { break }
            }
            let counters = CountdownCounters(server: server, tag: tag)
            #expect(try await eventually { try await counters.active() == 0 })
            #expect(try await counters.cancelled() == 1)
        }

        @Test func cancellingTheTaskEndsTheExchangePromptly() async throws {
            let server = try await ReferenceServer.shared()
            let client = client
            let task = Task {
                _ = try await client.exchange(graphQLPost(server.url("/slow?ms=10000"), "{ hello }"))
            }
            try await Task.sleep(for: .milliseconds(200))
            let cancelled = ContinuousClock.now
            task.cancel()
            _ = await task.result
            #expect(cancelled.duration(to: .now) < .milliseconds(500))
        }

        @Test func fieldThatWouldBreakTheRequestFailsBeforeSending() async throws {
            let server = try await ReferenceServer.shared()
            var request = graphQLPost(server.graphqlURL, "{ hello }")
            request.headers.append(HeaderField(name: "X-Bad", value: "a\r\nInjected: 1"))
            let error = await thrownError { _ = try await client.exchange(request) }
            #expect((error as? TransportError)?.statusCode == 0)
        }
    }
}

/// Reads the reference server's countdown bookkeeping for one tag.
struct CountdownCounters {
    let server: ReferenceServer
    let tag: String

    func active() async throws -> Int { try await read("activeCountdowns") }
    func finished() async throws -> Int { try await read("finishedCountdowns") }
    func cancelled() async throws -> Int { try await read("cancelledCountdowns") }

    private func read(_ field: String) async throws -> Int {
        let transport = CurlTransport(endpoint: server.graphqlURL)
        let response = try await transport.response(for: GraphQLRequest(query: #"{ value: \#(field)(tag: "\#(tag)") }"#))
        return Int(response.data?["value"]?.intValue ?? -1)
    }
}
