import BatonCore
import BatonTransportCurl
import Foundation
import ReferenceServer
import Testing
import TransportTestSupport

extension WireTests {
    /// TLS through curl, against the reference server behind a relay whose certificate no
    /// system store trusts.
    @Suite struct CurlTLSTests {
        func relay() async throws -> TLSRelay {
            try TLSRelay(forwardingTo: try await ReferenceServer.shared().port)
        }

        func endpoint(_ scheme: String, _ relay: TLSRelay) throws -> URL {
            try #require(URL(string: "\(scheme)://127.0.0.1:\(relay.port)/graphql"))
        }

        @Test func certificateIsVerifiedByDefault() async throws {
            let relay = try await relay()
            let transport = CurlTransport(endpoint: try endpoint("https", relay))
            do {
                _ = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
                Issue.record("an untrusted certificate was accepted")
            } catch {
                let transportError = try #require(error.transportError as? TransportError, "\(error)")
                #expect(transportError.statusCode == 0)
                #expect(transportError.body.hasSuffix("(curl error 60)"), "\(transportError.body)")
            }
        }

        @Test func certificateAuthorityFileIsTrusted() async throws {
            let relay = try await relay()
            let transport = CurlTransport(
                endpoint: try endpoint("https", relay), curl: CurlOptions(tls: .certificateAuthorities(file: relay.certificateAuthorityFile)))
            let response = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
            #expect(response.data == ["hello": "Hello, world!"])
        }

        @Test func verificationIsSkippedOnlyWhenNamed() async throws {
            let relay = try await relay()
            let transport = CurlTransport(endpoint: try endpoint("https", relay), curl: CurlOptions(tls: .insecureSkipVerification))
            let response = try await transport.response(for: GraphQLRequest(query: "{ hello }"))
            #expect(response.data == ["hello": "Hello, world!"])
        }

        @Test func secureWebSocketVerifiesAndStreams() async throws {
            let relay = try await relay()
            let request = GraphQLRequest(query: "subscription { countdown(from: 3) { value } }", operationType: .subscription)
            let untrusted = WebSocketTransport(endpoint: try endpoint("wss", relay))
            let error = await thrownError { for try await _ in untrusted.send(request) {} }
            #expect((error as? TransportError)?.body.hasSuffix("(curl error 60)") == true, "\(String(describing: error))")

            let trusted = WebSocketTransport(
                endpoint: try endpoint("wss", relay), curl: CurlOptions(tls: .certificateAuthorities(file: relay.certificateAuthorityFile)))
            var values: [Int64] = []
            for try await payload in trusted.send(request) {
                if let value = payload.data?["countdown"]?["value"]?.intValue { values.append(value) }
            }
            #expect(values == [3, 2, 1])
        }
    }
}
