import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing

extension WireTests {
    /// Every failure kind, produced through the curl transport against the reference server.
    @Suite struct CurlTransportTests {
        func failure(_ endpoint: URL, _ query: String = "{ hello }") async -> Failure? {
            do {
                _ = try await CurlTransport(endpoint: endpoint).response(for: GraphQLRequest(query: query))
                return nil
            } catch {
                return error
            }
        }

        @Test func success() async throws {
            let server = try await ReferenceServer.shared()
            let response = try await CurlTransport(endpoint: server.graphqlURL).response(for: GraphQLRequest(query: "{ hello }"))
            #expect(response.data == ["hello": "Hello, world!"])
            #expect(response.errors.isEmpty)
        }

        @Test func http500IsATransportFailureWithStatusAndBody() async throws {
            let server = try await ReferenceServer.shared()
            let failure = try #require(await failure(server.url("/status/500")))
            let error = try #require(failure.transportError as? TransportError, "\(failure)")
            #expect(error.statusCode == 500)
            #expect(error.body == #"{"error":"Internal Server Error","status":500,"message":"The server answered 500 on purpose"}"#)
        }

        @Test func http502WithATextBodyKeepsTheText() async throws {
            let server = try await ReferenceServer.shared()
            let failure = try #require(await failure(server.url("/status/502")))
            #expect(failure.transportError as? TransportError == TransportError(statusCode: 502, body: "502 Bad Gateway: upstream said no\n"))
        }

        @Test func refusedConnectionIsStatusZeroWithCurlsMessage() async throws {
            let endpoint = try #require(URL(string: "http://127.0.0.1:\(ReferenceServer.closedPort())/graphql"))
            let failure = try #require(await failure(endpoint))
            let error = try #require(failure.transportError as? TransportError, "\(failure)")
            #expect(error.statusCode == 0)
            #expect(error.body.contains("Failed to connect to 127.0.0.1 port"))
            #expect(error.body.hasSuffix("(curl error 7)"))
        }

        @Test func droppedConnectionIsStatusZero() async throws {
            let server = try await ReferenceServer.shared()
            let failure = try #require(await failure(server.url("/drop")))
            #expect((failure.transportError as? TransportError)?.statusCode == 0)
        }

        @Test(arguments: ["/truncated", "/not-json"])
        func unreadableBodyIsMalformed(path: String) async throws {
            let server = try await ReferenceServer.shared()
            let failure = try #require(await failure(server.url(path)))
            guard case .malformed(let error) = failure else {
                Issue.record("\(path): \(failure)")
                return
            }
            #expect(error.code == .invalidJSON)
        }

        @Test func syntaxErrorIsARequestErrorWithTheServersLocations() async throws {
            let server = try await ReferenceServer.shared()
            let failure = try #require(await failure(server.graphqlURL, "{ hello"))
            guard case .request(let errors) = failure else {
                Issue.record("\(failure)")
                return
            }
            #expect(errors.count == 1)
            #expect(errors.first?.message == "Syntax Error: Expected Name, found <EOF>.")
            #expect(errors.first?.locations == [GraphQLError.Location(line: 1, column: 8)])
        }

        @Test func partialDataKeepsErrorsWithTheirCode() async throws {
            let server = try await ReferenceServer.shared()
            let response = try await CurlTransport(endpoint: server.graphqlURL)
                .response(for: GraphQLRequest(query: "{ partial { ok failing } }"))
            #expect(response.data == ["partial": ["ok": "ok", "failing": nil]])
            #expect(response.errors.count == 1)
            #expect(response.errors.first?.code == "PARTIAL_FAILURE")
            #expect(response.errors.first?.path == [.key("partial"), .key("failing")])
        }

        @Test func perRequestTimeoutIsStatusZero() async throws {
            let server = try await ReferenceServer.shared()
            var request = GraphQLRequest(query: "{ hello }")
            request.timeout = .milliseconds(150)
            let transport = CurlTransport(endpoint: server.url("/slow?ms=3000"))
            do {
                _ = try await transport.response(for: request)
                Issue.record("a slow response did not time out")
            } catch {
                let transportError = try #require(error.transportError as? TransportError)
                #expect(transportError.statusCode == 0)
                #expect(transportError.body.hasSuffix("(curl error 28)"))
            }
        }

        @Test func subscriptionOverSSEStreamsEveryTick() async throws {
            let server = try await ReferenceServer.shared()
            let transport = CurlTransport(endpoint: server.graphqlURL)
            var values: [Int64] = []
            let request = GraphQLRequest(query: "subscription { countdown(from: 3, delayMs: 20) { value } }", operationType: .subscription)
            for try await payload in transport.send(request) {
                if let value = payload.data?["countdown"]?["value"]?.intValue { values.append(value) }
            }
            #expect(values == [3, 2, 1])
        }

        @Test func aServerKilledMidSubscriptionEndsWithStatusZero() async throws {
            let server = try await ReferenceServer.launch()
            defer { server.terminate() }
            let transport = CurlTransport(endpoint: server.graphqlURL)
            let request = GraphQLRequest(
                query: "subscription { countdown(from: 1000, delayMs: 50) { value } }", operationType: .subscription)
            var ticks = 0
            var ending: Failure?
            do {
                for try await _ in transport.send(request) {
                    ticks += 1
                    if ticks == 2 { server.terminate() }
                }
            } catch {
                ending = Failure(classifying: error)
            }
            #expect(ticks >= 2)
            let transportError = try #require(ending?.transportError as? TransportError, "\(String(describing: ending))")
            #expect(transportError.statusCode == 0)
            #expect(transportError.body.contains("curl error"))
        }

        @Test func aCutEventStreamIsMalformed() async throws {
            let server = try await ReferenceServer.shared()
            let transport = CurlTransport(endpoint: server.url("/cut-sse"))
            let request = GraphQLRequest(
                query: "subscription { countdown(from: 5, delayMs: 10) { value } }", operationType: .subscription)
            var ticks = 0
            var ending: Failure?
            do {
                for try await _ in transport.send(request) { ticks += 1 }
            } catch {
                ending = Failure(classifying: error)
            }
            #expect(ticks == 1)
            #expect(ending?.kind == .malformed, "\(String(describing: ending))")
        }
    }
}
