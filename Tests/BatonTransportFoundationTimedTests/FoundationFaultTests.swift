import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults of the server and the network, each ending the URLSession transport's fetch in the
/// right `Failure` kind: a server killed mid-response and mid-multipart, a huge body, a
/// slow-loris body, a name that does not resolve.
@Suite struct FoundationFaultTests {
    static func outcome(_ transport: FoundationTransport, _ query: String = "{ hello }") async -> Result<GraphQLResponse, Failure> {
        do {
            return .success(try await transport.response(for: GraphQLRequest(query: query)))
        } catch {
            return .failure(error)
        }
    }

    static func urlError(_ outcome: Result<GraphQLResponse, Failure>) throws -> URLError {
        guard case .failure(let failure) = outcome else { throw TestFailure("expected a failure, got \(outcome)") }
        return try #require(failure.transportError as? URLError, "\(failure)")
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func aServerKilledMidResponseIsATransportFailure() async throws {
        let server = try await ReferenceServer.launch()
        defer { server.terminate() }
        let transport = FoundationTransport(endpoint: server.url("/trickle?ms=20&bytes=5000"))
        let fetch = Task { await Self.outcome(transport) }
        try await Task.sleep(for: .milliseconds(400))
        server.terminate()
        _ = try Self.urlError(await fetch.value)
    }

    @Test func aServerKilledMidMultipartIsATransportFailure() async throws {
        let (payloads, ending) = try await ServerFaults.killedMidMultipart { FoundationTransport(endpoint: $0, options: $1) }
        #expect(payloads == 1)
        #expect(ending?.transportError is URLError, "\(String(describing: ending))")
    }

    @Test func aHugeBodyIsRefusedAtTheLimitWithMemoryBounded() async throws {
        let problems = await ServerFaults.hugeBodyProblems(on: try await ReferenceServer.shared()) { FoundationTransport(endpoint: $0, options: $1) }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func aSlowLorisBodyEndsAtTheTimeout() async throws {
        let server = try await ReferenceServer.shared()
        let transport = FoundationTransport(endpoint: server.url("/trickle?ms=100&bytes=100000"), options: HTTPTransportOptions(timeout: .seconds(1)))
        let started = ContinuousClock.now
        #expect(try Self.urlError(await Self.outcome(transport)).code == .timedOut)
        #expect(ContinuousClock.now - started < .seconds(4))
    }

    @Test func aNameThatDoesNotResolveIsATransportFailure() async throws {
        let endpoint = try #require(URL(string: "http://baton-test.invalid/graphql"))
        let code = try Self.urlError(await Self.outcome(FoundationTransport(endpoint: endpoint))).code
        #expect([.cannotFindHost, .dnsLookupFailed].contains(code), "\(code)")
    }
}

extension Result {
    /// The failure, or `nil` for a success.
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
