import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

/// A subscription event that fails at its non-null root field (`data: null` with errors) is one
/// event over graphql-sse through URLSession, and the events after it still arrive.
@Suite struct FoundationSubscriptionRootFailureTests {
    @Test func aTickFailingAtTheRootIsOneEventAndTheStreamGoesOn() async throws {
        let transport = FoundationTransport(endpoint: try await ReferenceServer.shared().graphqlURL)
        let request = GraphQLRequest(
            query: "subscription { rootFailingCountdown(from: 4, failAt: 2, delayMs: 5) { value } }", operationType: .subscription)
        var values: [Int64?] = []
        var codes: [[String?]] = []
        do {
            for try await payload in transport.send(request) {
                values.append(payload.data?["rootFailingCountdown"]?["value"]?.intValue)
                codes.append(payload.errors.map(\.code))
            }
        } catch {
            Issue.record("the stream ended with \(error) after \(values.count) events")
        }
        #expect(values == [4, 3, nil, 1])
        #expect(codes == [[], [], ["TICK_FAILED"], []])
    }
}
