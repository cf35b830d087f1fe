@_spi(Transport) import BatonCore
import BatonTestSupport
@_spi(Transport) import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
@_spi(Transport) import TransportTestSupport

extension WireTests {
    /// The in-process ``ConformanceServer`` answers the checks' requests as the reference server
    /// does, and starts and stops cleanly.
    @Suite struct ConformanceServerTests {
        /// A request a check sends, and where.
        struct Exchange: Sendable, CustomTestStringConvertible {
            var path: String
            var request: GraphQLRequest
            var testDescription: String { "\(path) \(request.query.prefix(40))" }
        }

        static let exchanges: [Exchange] = [
            Exchange(path: "/graphql", request: GraphQLRequest(query: "{ hello }")),
            Exchange(path: "/graphql", request: GraphQLRequest(query: "{ partial { ok failing } }")),
            Exchange(path: "/graphql", request: GraphQLRequest(query: "{ holder { name inner { mustHave other } } }")),
            Exchange(path: "/graphql", request: GraphQLRequest(query: "{ hello(")),
            Exchange(
                path: "/graphql",
                request: GraphQLRequest(
                    query: "query Greet($name: String) { hello(name: $name) }", operationName: "Greet", variables: ["name": "caller 7"])),
            Exchange(
                path: "/graphql",
                request: GraphQLRequest(
                    query: "query Echo($value: String) { echo(value: $value) }", operationName: "Echo",
                    variables: ["value": "quotes \" and \\ backslash, é 中文 🎉 + & = ? # %"])),
            Exchange(path: "/graphql", request: GraphQLRequest(query: "{ requestOnError }", onError: .halt)),
            Exchange(path: "/graphql", request: GraphQLRequest(query: "{ requestOnError }")),
            Exchange(path: "/status/500", request: GraphQLRequest(query: "{ hello }")),
            Exchange(path: "/not-json", request: GraphQLRequest(query: "{ hello }")),
            Exchange(path: "/truncated", request: GraphQLRequest(query: "{ hello }")),
            Exchange(path: "/cut-multipart", request: GraphQLRequest(query: #"{ hello ... @defer(label: "later") { slow(ms: 50) } }"#)),
            Exchange(
                path: "/graphql",
                request: GraphQLRequest(
                    query: """
                        query Deferred {
                          hello
                          ... @defer(label: "fast") { partial { ok failing } }
                          ... @defer(label: "slow") { slow(ms: 600) }
                        }
                        """,
                    operationName: "Deferred")),
            Exchange(
                path: "/graphql",
                request: GraphQLRequest(
                    query: "subscription Countdown { countdown(from: 4, delayMs: 30) { value note } }", operationName: "Countdown",
                    operationType: .subscription)),
            Exchange(
                path: "/graphql",
                request: GraphQLRequest(
                    query: "subscription Failing { countdown(from: 3, failAt: 2, delayMs: 10) { value note } }", operationName: "Failing",
                    operationType: .subscription)),
            Exchange(
                path: "/graphql",
                request: GraphQLRequest(
                    query: "subscription Crashing { countdown(from: 3, crashAt: 1, delayMs: 10) { value } }", operationName: "Crashing",
                    operationType: .subscription)),
        ]

        /// Status, media type and body of one exchange, as curl received them.
        struct Answer: Equatable, CustomStringConvertible {
            var status: Int
            var contentType: String?
            var body: String
            var description: String { "\(status) \(contentType ?? "-")\n\(body)" }
        }

        static func answer(_ exchange: Exchange, from base: URL) async throws -> Answer {
            let client = CurlHTTPClient()
            let endpoint = try #require(URL(string: base.absoluteString + exchange.path))
            let http = GraphQLOverHTTP(endpoint: endpoint, client: client).httpRequest(for: exchange.request)
            var answer = Answer(status: 0, contentType: nil, body: "")
            var body: [UInt8] = []
            for try await event in client.perform(http) {
                switch event {
                case .head(let head):
                    answer.status = head.statusCode
                    answer.contentType = head.headers.first { $0.name.lowercased() == "content-type" }?.value
                case .body(let bytes):
                    body += bytes
                }
            }
            answer.body = String(decoding: body, as: UTF8.self)
            return answer
        }

        @Test(arguments: exchanges)
        func answersAsTheReferenceServerDoes(_ exchange: Exchange) async throws {
            let reference = try await ReferenceServer.shared()
            let expected = try await Self.answer(exchange, from: reference.baseURL)
            let actual = try await Self.answer(exchange, from: try ConformanceServer.shared().baseURL)
            #expect(actual == expected, "the conformance server answered\n\(actual)\nthe reference server\n\(expected)")
        }

        @Test func queriesSentWithGETPassEveryCheckToo() async throws {
            let suite = try TransportConformance { endpoint in
                CurlTransport(endpoint: endpoint, options: HTTPTransportOptions(usesGETForQueries: true))
            }
            let failures = await suite.runAll()
            #expect(failures.isEmpty, "\(failures)")
        }

        @Test func aDocumentNoCheckSendsIsARequestErrorSayingItNeedsAGraphQLServer() async throws {
            let transport = CurlTransport(endpoint: try ConformanceServer.shared().baseURL.appending(path: "graphql"))
            do {
                let response = try await transport.response(for: GraphQLRequest(query: "{ hello __typename }"))
                Issue.record("expected a request error, got \(response)")
            } catch {
                guard case .request(let errors) = error else {
                    Issue.record("expected a request error, got \(error)")
                    return
                }
                #expect(errors.first?.message.contains("needs a server that does") == true, "\(errors)")
                #expect(errors.first?.message.hasSuffix("{ hello __typename }") == true, "\(errors)")
            }
        }

        @Test func stoppingEndsAnOpenStreamAndClosesThePort() async throws {
            let server = try ConformanceServer()
            let transport = CurlTransport(endpoint: server.baseURL.appending(path: "graphql"))
            let request = GraphQLRequest(
                query: "subscription Long($tag: String) { countdown(from: 100000, delayMs: 20, tag: $tag) { value } }",
                operationName: "Long", operationType: .subscription, variables: ["tag": "stop"])
            var ticks = 0
            let stream = transport.send(request)
            do {
                for try await _ in stream {
                    ticks += 1
                    if ticks == 2 { server.stop() }
                }
                Issue.record("a stream cut by stop() completed after \(ticks) ticks")
            } catch {
                #expect(Failure(classifying: error).kind == .malformed || Failure(classifying: error).kind == .transport, "\(error)")
            }
            #expect(ticks >= 2)
            do {
                let response = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
                Issue.record("a stopped server answered \(response)")
            } catch {
                guard case .transport(let underlying) = error else {
                    Issue.record("expected a transport failure from a closed port, got \(error)")
                    return
                }
                #expect((underlying as? TransportError)?.statusCode == 0, "\(underlying)")
            }
            server.stop()
        }
    }
}
