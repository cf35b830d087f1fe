import BatonCore
import Foundation
import ReferenceServer
import Synchronization
import Testing
import TransportTestSupport

@testable import BatonTransportCurl

extension WireTests {
    /// Many operations over one WebSocket against the reference server: none lost, none
    /// duplicated, and descriptors, threads and memory back where they started.
    ///
    /// `make test` runs 2,000 operations (500 under ThreadSanitizer, which slows every thread
    /// several-fold); `BATON_LOAD_OPERATIONS=10000` runs the full load whose figures
    /// BENCHMARKS.md records.
    @Suite struct WebSocketLoadTests {
        static let operations =
            ProcessInfo.processInfo.environment["BATON_LOAD_OPERATIONS"].flatMap { Int($0) } ?? (isUnderThreadSanitizer ? 500 : 2_000)
        static let inFlight = 64

        /// Operation `index`: mostly queries echoing their index, every eighth a two-tick subscription.
        func request(_ index: Int) -> GraphQLRequest {
            if index % 8 == 7 {
                return GraphQLRequest(
                    query: "subscription Tick($tag: String) { countdown(from: 2, tag: $tag) { value } }", operationName: "Tick",
                    operationType: .subscription, variables: ["tag": .string("load-\(index)")])
            }
            return GraphQLRequest(
                query: "query Echo($v: String) { echo(value: $v) }", operationName: "Echo", variables: ["v": .string("op-\(index)")])
        }

        /// What operation `index` must answer, in order.
        func expected(_ index: Int) -> [String] {
            index % 8 == 7 ? ["2", "1"] : ["op-\(index)"]
        }

        func answers(_ payloads: [GraphQLResponse]) -> [String] {
            payloads.map { payload in
                if let echo = payload.data?["echo"]?.stringValue { return echo }
                if let value = payload.data?["countdown"]?["value"]?.intValue { return "\(value)" }
                return JSONValue.object(payload.payload).serialized()
            }
        }

        /// Runs every operation through `transport`, `inFlight` at a time.
        /// - Returns: each operation's answers and error, by index.
        func run(_ transport: WebSocketTransport) async -> [Int: ([String], String?)] {
            await withTaskGroup(of: (Int, [String], String?).self) { group in
                func start(_ index: Int) {
                    group.addTask {
                        var payloads: [GraphQLResponse] = []
                        do {
                            for try await payload in transport.send(request(index)) { payloads.append(payload) }
                            return (index, answers(payloads), nil)
                        } catch {
                            return (index, answers(payloads), "\(error)")
                        }
                    }
                }
                var next = 0
                while next < min(Self.inFlight, Self.operations) {
                    start(next)
                    next += 1
                }
                var results: [Int: ([String], String?)] = [:]
                var duplicates = 0
                while let (index, answers, error) = await group.next() {
                    if results[index] != nil { duplicates += 1 }
                    results[index] = (answers, error)
                    if next < Self.operations {
                        start(next)
                        next += 1
                    }
                }
                #expect(duplicates == 0)
                return results
            }
        }

        @Test func manyOperationsOverOneWebSocketAreAnsweredOnceEachAndLeaveNothingBehind() async throws {
            // A private server, so the sockets connected to its port are this test's alone.
            let server = try await ReferenceServer.launch()
            defer { server.terminate() }
            let warmUp = WebSocketTransport(endpoint: server.webSocketURL, options: .init(idleTimeout: .zero))
            _ = try await warmUp.response(for: request(0))
            #expect(await eventually { threads(named: WebSocketLoopThread.name) == 0 }, "connections of earlier tests are still open")
            let descriptorsBefore = openDescriptorCount()
            let residentBefore = residentBytes()

            let transport = WebSocketTransport(endpoint: server.webSocketURL, options: .init(idleTimeout: .milliseconds(200)))
            let started = ContinuousClock.now
            let (results, peakGrowth) = await peakResidentGrowth { await run(transport) }
            let elapsed = started.duration(to: .now)

            #expect(results.count == Self.operations, "operations answered: \(results.count) of \(Self.operations)")
            let wrong = results.filter { index, result in result.0 != expected(index) || result.1 != nil }
            #expect(wrong.isEmpty, "\(wrong.count) wrong, e.g. \(wrong.sorted { $0.key < $1.key }.prefix(3).map { "\($0.key): \($0.value)" })")
            #expect(transport.pool.sessionsOpened.load(ordering: .relaxed) == 1, "all over one connection")

            #expect(await eventually { descriptorsConnected(toPort: server.port) == 0 && threads(named: WebSocketLoopThread.name) == 0 })
            // Other test targets may open descriptors meanwhile; this target's wire tests run one at a time.
            #expect(
                await eventually(within: .seconds(10)) { openDescriptorCount() <= descriptorsBefore },
                "descriptors: \(descriptorsBefore) before, \(openDescriptorCount()) after")
            let residentGrowth = residentBytes() - residentBefore
            let perSecond = Double(Self.operations) / (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
            print(
                "\(Self.operations) operations, \(Self.inFlight) in flight, over one WebSocket: \(elapsed) (\(Int(perSecond))/s); "
                    + "resident memory: peak +\(peakGrowth >> 20) MiB, after +\(residentGrowth >> 20) MiB; "
                    + "descriptors: \(descriptorsBefore) before, \(openDescriptorCount()) after")
            if !isUnderThreadSanitizer {
                #expect(residentGrowth < 16 << 20, "resident memory stayed \(residentGrowth >> 20) MiB above where it started")
            }
        }
    }
}
