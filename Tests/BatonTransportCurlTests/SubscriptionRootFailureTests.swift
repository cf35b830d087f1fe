import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
import TransportTestSupport

extension WireTests {
    /// A subscription event that fails at its non-null root field (`data: null` with errors) is one
    /// event, and the events after it still arrive: over graphql-sse through curl, and over
    /// graphql-transport-ws.
    @Suite struct SubscriptionRootFailureTests {
        static let request = GraphQLRequest(
            query: "subscription { rootFailingCountdown(from: 4, failAt: 2, delayMs: 5) { value } }", operationType: .subscription)

        /// Every event's value (`nil` for the one without data) and the errors of each, after the
        /// stream completed; fails the test when it did not.
        static func events(_ transport: any Transport) async -> [(value: Int64?, codes: [String?])] {
            var events: [(value: Int64?, codes: [String?])] = []
            do {
                for try await payload in transport.send(request) {
                    events.append((payload.data?["rootFailingCountdown"]?["value"]?.intValue, payload.errors.map(\.code)))
                }
            } catch {
                Issue.record("the stream ended with \(error) after \(events.count) events")
            }
            return events
        }

        static func check(_ events: [(value: Int64?, codes: [String?])]) {
            #expect(events.map(\.value) == [4, 3, nil, 1])
            #expect(events.map(\.codes) == [[], [], ["TICK_FAILED"], []])
        }

        @Test func overServerSentEvents() async throws {
            let server = try await ReferenceServer.shared()
            Self.check(await Self.events(CurlTransport(endpoint: server.graphqlURL)))
        }

        @Test func overWebSocket() async throws {
            let server = try await ReferenceServer.shared()
            Self.check(await Self.events(WebSocketTransport(endpoint: server.webSocketURL)))
        }

        @Test func anEventOfErrorsWithoutDataStillEndsTheStream() async throws {
            let server = try await ReferenceServer.shared()
            let crash = GraphQLRequest(query: "subscription { countdown(from: 3, crashAt: 2) { value } }", operationType: .subscription)
            for transport in [CurlTransport(endpoint: server.graphqlURL), WebSocketTransport(endpoint: server.webSocketURL)] as [any Transport] {
                var values: [Int64] = []
                let error = await thrownError {
                    for try await payload in transport.send(crash) {
                        if let value = payload.data?["countdown"]?["value"]?.intValue { values.append(value) }
                    }
                }
                #expect(values == [3], "\(type(of: transport))")
                #expect(error.map(Failure.init(classifying:))?.requestErrors.first?.code == "COUNTDOWN_CRASHED", "\(type(of: transport))")
            }
        }
    }
}
