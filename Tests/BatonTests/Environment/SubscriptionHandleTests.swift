import Baton
@_spi(Generated) import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `subscription Countdown($from: Int!) { countdown(from: $from, delayMs: 5) { value note } }`.
struct CountdownSubscription: GraphQLOperation {
    static let operationName = "Countdown"
    static let operationType: GraphQLRequest.OperationType = .subscription
    static let document = "subscription Countdown($from: Int!) { countdown(from: $from, delayMs: 5) { value note } }"
    static let operationID = "test-countdown-subscription"
    static let plan = OperationPlan(
        name: "Countdown", operationType: .subscription, rootTypename: "Subscription",
        selections: [
            .field(PlanField(
                name: "countdown",
                arguments: [PlanArgument(name: "from", value: .variable("from")), PlanArgument(name: "delayMs", value: .literal(.int(5)))],
                type: .nonNull(.named("Tick")),
                selections: [
                    .field(PlanField(name: "value", type: .nonNull(.named("Int")))),
                    .field(PlanField(name: "note", type: .named("String"))),
                ]))
        ])

    struct Variables: OperationVariables {
        var from: Int
        var json: JSONObject { ["from": .int(Int64(from))] }
    }

    var variables: Variables

    struct Data: OperationData {
        static var __plan: OperationPlan { CountdownSubscription.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var value: Int { __data["countdown"].object(Tick.self).value }
    }

    struct Tick: SelectionSet {
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
        var value: Int { __data["value"].int() }
    }
}

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
        guard case .environment(let error)? = ending else { Issue.record("an environment failure, got \(String(describing: ending))"); return }
        #expect(error.code == .noSubscriptionTransport)
    }

    @Test func aDroppedConnectionIsResumedAndAServerGoneForGoodEndsItAsTheTransports() async throws {
        let server = try await ReferenceServer.launch()
        let transport = CurlTransport(endpoint: server.url("/cut-sse?events=2"))
        let environment = Environment(
            transport: transport, subscriptionTransport: transport, store: MemoryStore(),
            options: Environment.Options(reconnect: ReconnectPolicy(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), maximumAttempts: 3)))
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
}
