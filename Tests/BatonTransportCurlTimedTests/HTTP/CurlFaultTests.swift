import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
import TransportTestSupport

extension WireTests {
    /// Faults of the server and the network, each ending the curl transport's fetch in the right
    /// `Failure` kind: a server killed mid-response and mid-multipart, a huge body, a slow-loris
    /// body, a name that does not resolve, a certificate for another name.
    @Suite struct CurlFaultTests {
        static func outcome(_ transport: CurlTransport, _ query: String = "{ hello }") async -> Result<GraphQLResponse, Failure> {
            do {
                return .success(try await transport.response(for: GraphQLRequest(query: query)))
            } catch {
                return .failure(error)
            }
        }

        static func curlError(_ outcome: Result<GraphQLResponse, Failure>) throws -> TransportError {
            let error = try #require(outcome.failureValue?.transportError as? TransportError, "\(outcome)")
            #expect(error.statusCode == 0)
            return error
        }

        @Test func aServerKilledMidResponseIsATransportFailure() async throws {
            let server = try await ReferenceServer.launch()
            defer { server.terminate() }
            let transport = CurlTransport(endpoint: server.url("/trickle?ms=20&bytes=5000"))
            let fetch = Task { await Self.outcome(transport) }
            try await Task.sleep(for: .milliseconds(400))
            server.terminate()
            let error = try Self.curlError(await fetch.value)
            #expect(error.body.contains("curl error"), "\(error.body)")
        }

        @Test func aServerKilledMidMultipartIsATransportFailure() async throws {
            let (payloads, ending) = try await ServerFaults.killedMidMultipart { CurlTransport(endpoint: $0, options: $1) }
            #expect(payloads == 1)
            #expect((ending?.transportError as? TransportError)?.statusCode == 0, "\(String(describing: ending))")
        }

        @Test func aHugeBodyIsRefusedAtTheLimitWithMemoryBounded() async throws {
            let problems = await ServerFaults.hugeBodyProblems(on: try await ReferenceServer.shared()) { CurlTransport(endpoint: $0, options: $1) }
            #expect(problems.isEmpty, "\(problems)")
        }

        @Test func aSlowLorisBodyEndsAtTheTimeout() async throws {
            let server = try await ReferenceServer.shared()
            let transport = CurlTransport(endpoint: server.url("/trickle?ms=100&bytes=100000"), options: HTTPTransportOptions(timeout: .seconds(1)))
            let started = ContinuousClock.now
            let error = try Self.curlError(await Self.outcome(transport))
            #expect(error.body.hasSuffix("(curl error 28)"), "\(error.body)")
            #expect(ContinuousClock.now - started < .seconds(4))
        }

        @Test func aNameThatDoesNotResolveIsATransportFailure() async throws {
            let endpoint = try #require(URL(string: "http://baton-test.invalid/graphql"))
            let error = try Self.curlError(await Self.outcome(CurlTransport(endpoint: endpoint)))
            #expect(error.body.hasSuffix("(curl error 6)"), "\(error.body)")
        }

        @Test func aCertificateForAnotherNameIsRefusedOverHTTPSAndWSS() async throws {
            let server = try await ReferenceServer.launch(tls: .otherName)
            defer { server.terminate() }
            let curl = CurlOptions(tls: .certificateAuthorities(file: ReferenceServer.TLS.otherName.certificateAuthorityFile))
            let error = try Self.curlError(await Self.outcome(CurlTransport(endpoint: server.graphqlURL, curl: curl)))
            #expect(error.body.hasSuffix("(curl error 60)"), "\(error.body)")
            #expect(error.body.contains("127.0.0.1"), "\(error.body)")

            let webSocket = WebSocketTransport(endpoint: server.webSocketURL, curl: curl)
            let thrown = await thrownError { _ = try await webSocket.response(for: GraphQLRequest(query: "{ hello }")) }
            #expect(
                (thrown.map(Failure.init(classifying:))?.transportError as? TransportError)?.body.hasSuffix("(curl error 60)") == true,
                "\(String(describing: thrown))")
        }
    }
}

extension ReferenceServer.TLS {
    /// `TestServer/tls/other-name.pem`: a self-signed certificate (its own authority) for
    /// `other.example` only, so a client that trusts it still refuses it at `127.0.0.1`.
    static var otherName: ReferenceServer.TLS {
        let directory = URL(fileURLWithPath: testCertificate.certificateFile).deletingLastPathComponent()
        let certificate = directory.appendingPathComponent("other-name.pem").path
        return ReferenceServer.TLS(
            certificateFile: certificate, keyFile: directory.appendingPathComponent("other-name.key").path,
            certificateAuthorityFile: certificate)
    }
}

extension Result {
    /// The failure, or `nil` for a success.
    var failureValue: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
