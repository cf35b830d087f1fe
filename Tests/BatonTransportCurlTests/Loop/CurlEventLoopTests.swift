import BatonCore
import Foundation
import ReferenceServer
import Testing
@_spi(Transport) import TransportTestSupport

@_spi(Transport) @testable import BatonTransportCurl

extension WireTests {
    @Suite struct CurlEventLoopTests {
        @Test func hundredConcurrentRequestsRunOnOneLoopThread() async throws {
            let server = try await ReferenceServer.shared()
            let loop = CurlEventLoop(name: "baton-curl-100")
            let client = CurlHTTPClient(loop: loop)
            let started = ContinuousClock.now
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        try await client.exchange(graphQLPost(server.graphqlURL, #"{ hello(name: "\#(index)") }"#)).text
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            let elapsed = started.duration(to: .now)
            #expect(bodies.count == 100)
            #expect(Set(bodies).count == 100)
            #expect(bodies.allSatisfy { $0.contains("Hello, ") })
            #expect(threads(named: "baton-curl-100") == 1)
            print("100 concurrent requests on one loop thread: \(elapsed) (\(loop.connectionsOpened) connections)")
            await loop.shutdown()
            #expect(await eventually { threads(named: "baton-curl-100") == 0 })
        }

        @Test func sequentialRequestsReuseOneConnection() async throws {
            let server = try await ReferenceServer.shared()
            let loop = CurlEventLoop()
            let client = CurlHTTPClient(loop: loop)
            for _ in 0..<20 {
                _ = try await client.exchange(graphQLPost(server.graphqlURL, "{ hello }"))
            }
            #expect(loop.connectionsOpened == 1)
            await loop.shutdown()
        }

        @Test func concurrentBurstsReuseTheConnectionsOfEarlierOnes() async throws {
            let server = try await ReferenceServer.shared()
            let loop = CurlEventLoop()
            let client = CurlHTTPClient(loop: loop)
            func burst() async throws {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<50 {
                        group.addTask { _ = try await client.exchange(graphQLPost(server.graphqlURL, "{ hello }")) }
                    }
                    try await group.waitForAll()
                }
            }
            let clock = ContinuousClock()
            let coldBurst = try await clock.measure { try await burst() }
            let first = loop.connectionsOpened
            let warmBurst = try await clock.measure { try await burst() }
            let second = loop.connectionsOpened - first
            print("bursts of 50 requests: \(coldBurst) opening \(first) connections, then \(warmBurst) opening \(second)")
            #expect(first <= 50)
            #expect(second <= 5, "the second burst opened \(second) connections beside \(first) cached ones")
            await loop.shutdown()
        }

        @Test func transportsMadeFromOneLoopShareItsConnections() async throws {
            let server = try await ReferenceServer.shared()
            let loop = CurlEventLoop()
            let first = CurlTransport(endpoint: server.graphqlURL, loop: loop)
            let second = CurlTransport(endpoint: server.graphqlURL, loop: loop)
            for transport in [first, second, first, second] {
                _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
            }
            #expect(loop.connectionsOpened == 1)
            await loop.shutdown()
        }

        @Test func shutdownEndsRunningTransfersAndRefusesNewOnes() async throws {
            let server = try await ReferenceServer.shared()
            let loop = CurlEventLoop()
            let client = CurlHTTPClient(loop: loop)
            let running = Task { try await client.exchange(graphQLPost(server.url("/slow?ms=5000"), "{ hello }")) }
            try await Task.sleep(for: .milliseconds(200))
            await loop.shutdown()
            let error = await thrownError { _ = try await running.value }
            #expect((error as? TransportError) == TransportError(statusCode: 0, body: "the curl event loop has shut down"))
            let later = await thrownError { _ = try await client.exchange(graphQLPost(server.graphqlURL, "{ hello }")) }
            #expect((later as? TransportError)?.statusCode == 0)
        }

        @Test func aLoopNobodyHoldsStopsItsThread() async throws {
            let server = try await ReferenceServer.shared()
            do {
                let client = CurlHTTPClient(loop: CurlEventLoop(name: "baton-curl-gone"))
                _ = try await client.exchange(graphQLPost(server.graphqlURL, "{ hello }"))
                #expect(threads(named: "baton-curl-gone") == 1)
            }
            #expect(await eventually { threads(named: "baton-curl-gone") == 0 })
        }
    }
}
