import Baton
import BatonCore
import BatonTestSupport
import EnvironmentTestSupport
import Foundation
import ReferenceServer
import Testing

/// `AuthenticatingTransport` against the reference server's `/auth/graphql`, which accepts only
/// `Bearer <realm>-<generation>` and refuses any other token with 401 or with `UNAUTHENTICATED`.
@Suite struct AuthenticatingTransportTests {
    /// A token provider that gives `stale` first and the realm's token on refresh, counting each.
    final class Tokens: Sendable {
        let realm: String
        let refresh: (@Sendable () throws -> String)?
        let calls = Locked<(first: Int, refreshes: Int)>((0, 0))

        init(realm: String, refresh: (@Sendable () throws -> String)? = nil) {
            self.realm = realm
            self.refresh = refresh
        }

        func token(_ rejected: String?) async throws -> String {
            // Long enough for every concurrent request to be refused before the refresh ends.
            try await Task.sleep(for: .milliseconds(50))
            guard rejected != nil else {
                calls.withLock { $0.first += 1 }
                return "stale"
            }
            calls.withLock { $0.refreshes += 1 }
            return try refresh?() ?? "\(realm)-1"
        }
    }

    static func transport(_ server: ReferenceServer, _ realm: String, style: String = "status", tokens: Tokens) -> any Transport {
        AuthenticatingTransport(CurlTransport(endpoint: server.url("/auth/graphql?realm=\(realm)&style=\(style)"))) {
            try await tokens.token($0)
        }
    }

    @Test(arguments: ["status", "code"])
    func fiveConcurrentRequestsWithAnExpiredTokenCauseOneRefreshAndFiveReplays(style: String) async throws {
        let server = try await ReferenceServer.shared()
        let realm = UUID().uuidString
        let tokens = Tokens(realm: realm)
        let transport = Self.transport(server, realm, style: style, tokens: tokens)
        let answers = try await withThrowingTaskGroup(of: JSONValue?.self) { group in
            for index in 0..<5 {
                group.addTask { try await transport.response(for: GraphQLRequest(query: "{ hello(name: \"\(index)\") }")).data?["hello"] }
            }
            return try await group.reduce(into: [JSONValue?]()) { $0.append($1) }
        }
        #expect(Set(answers.compactMap { $0?.stringValue }) == Set((0..<5).map { "Hello, \($0)!" }))
        #expect(tokens.calls.withLock { $0.first } == 1)
        #expect(tokens.calls.withLock { $0.refreshes } == 1)
        let counts = try await WireCounts(server, key: realm)
        #expect(counts.requests == 10)
        #expect(counts.refused == 5)
    }

    @Test func aFailedRefreshFailsEveryWaitingRequestWithItsOwnError() async throws {
        struct RefreshRefused: Error, Equatable { var reason: String }
        let server = try await ReferenceServer.shared()
        let realm = UUID().uuidString
        let tokens = Tokens(realm: realm) { throw RefreshRefused(reason: "session ended") }
        let transport = Self.transport(server, realm, tokens: tokens)
        let failures = await withTaskGroup(of: Failure?.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
                        return nil
                    } catch {
                        return Failure(classifying: error)
                    }
                }
            }
            return await group.reduce(into: [Failure?]()) { $0.append($1) }
        }
        #expect(failures.count == 5)
        #expect(failures.allSatisfy { ($0?.transportError as? RefreshRefused) == RefreshRefused(reason: "session ended") })
        #expect(tokens.calls.withLock { $0.refreshes } == 1)
        #expect(try await WireCounts(server, key: realm).requests == 5)
    }

    @Test func aMutationIsReplayedAfterA401AndNotAfterUnauthenticated() async throws {
        let server = try await ReferenceServer.shared()
        let mutation = GraphQLRequest(query: #"mutation { setGreeting(text: "authorized") }"#, operationType: .mutation)

        let refusedByStatus = UUID().uuidString
        let replayed = try await Self.transport(server, refusedByStatus, tokens: Tokens(realm: refusedByStatus)).response(for: mutation)
        #expect(replayed.data?["setGreeting"] == "authorized")
        #expect(try await WireCounts(server, key: refusedByStatus).requests == 2)

        let refusedByCode = UUID().uuidString
        let tokens = Tokens(realm: refusedByCode)
        let failure = await #expect(throws: Failure.self) {
            _ = try await Self.transport(server, refusedByCode, style: "code", tokens: tokens).response(for: mutation)
        }
        #expect(failure?.requestErrors.first?.code == "UNAUTHENTICATED")
        #expect(tokens.calls.withLock { $0.refreshes } == 0)
        #expect(try await WireCounts(server, key: refusedByCode).requests == 1)
    }

    @Test func aTokenTheServerRotatedIsRefreshedThroughTheEnvironment() async throws {
        let server = try await ReferenceServer.shared()
        let realm = UUID().uuidString
        let current = Locked("\(realm)-1")
        let transport = AuthenticatingTransport(CurlTransport(endpoint: server.url("/auth/graphql?realm=\(realm)"))) { rejected in
            if rejected != nil { current.withLock { $0 = "\(realm)-2" } }
            return current.withLock { $0 }
        }
        let environment = Environment(transport: transport, store: MemoryStore())
        #expect(try await environment.fetch(RequestEchoQuery(), policy: .networkOnly).onError == nil)
        // The route answers the new token as text, which is no GraphQL response: only the rotation matters.
        _ = try? await CurlTransport(endpoint: server.url("/auth/rotate?realm=\(realm)")).response(for: GraphQLRequest(query: "{ rotate }"))
        #expect(try await environment.fetch(RequestEchoQuery(), policy: .networkOnly).onError == nil)
        let counts = try await WireCounts(server, key: realm)
        #expect(counts.requests == 3)
        #expect(counts.refused == 1)
    }
}
