import BatonCore
import BatonTransportFoundation
import Foundation
import ReferenceServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// URLSession against the reference server over TLS: a certificate no system store trusts is refused.
@Suite struct FoundationTLSTests {
    @Test func anUntrustedCertificateIsRefusedByDefault() async throws {
        let server = try await ReferenceServer.launch(tls: .testCertificate)
        defer { server.terminate() }
        do {
            let response = try await FoundationTransport(endpoint: server.graphqlURL).response(for: GraphQLRequest(query: "{ hello }"))
            Issue.record("an untrusted certificate was accepted: \(String(describing: response.data))")
        } catch {
            let urlError = try #require(error.transportError as? URLError, "\(error)")
            // FoundationNetworking reports curl's verification failure as `.unknown`, with curl's words.
            #expect(urlError.localizedDescription.contains("SSL certificate problem"), "\(urlError.code) \(urlError.localizedDescription)")
        }
    }
}
