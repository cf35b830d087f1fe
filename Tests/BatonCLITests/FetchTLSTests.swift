import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `baton fetch` against the reference server over TLS, whose certificate no system store trusts:
/// verification is on for every transport, and `--cacert` names the authority to trust instead.
@Suite struct FetchTLSTests {
    @Test func verificationIsOnUnlessTheAuthorityIsNamed() async throws {
        let server = try await ReferenceServer.launch(tls: .testCertificate)
        defer { server.terminate() }
        let authority = try #require(server.tls?.certificateAuthorityFile)
        let endpoint = server.graphqlURL.absoluteString

        for transport in ["curl", "foundation"] {
            let refused = try CLIRunner.run(["fetch", "--endpoint", endpoint, "--transport", transport, "--query", "{ hello }"])
            #expect(refused.status == 2, "\(transport): \(refused.standardOutput)")
            #expect(try JSONValue(parsing: refused.standardOutput)["failure"]?["kind"] == "transport", "\(transport)")
        }
        let curl = try CLIRunner.run(["fetch", "--endpoint", endpoint, "--cacert", authority, "--query", "{ hello }"])
        #expect(curl.status == 0, "\(curl.standardOutput)")
        #expect(try JSONValue(parsing: curl.standardOutput)["data"] == ["hello": "Hello, world!"])

        let subscription = "subscription { countdown(from: 2) { value } }"
        let untrusted = try CLIRunner.run(["fetch", "--endpoint", server.webSocketURL.absoluteString, "--transport", "ws", "--query", subscription])
        #expect(untrusted.status == 2, "\(untrusted.standardOutput)")
        let ws = try CLIRunner.run([
            "fetch", "--endpoint", server.webSocketURL.absoluteString, "--transport", "ws", "--cacert", authority, "--query", subscription,
        ])
        #expect(ws.status == 0, "\(ws.standardOutput)")
        #expect(ws.lines.last == #"{"end":"completed"}"#)
    }

    @Test func theFoundationTransportTakesNoAuthorityFile() throws {
        let outcome = try CLIRunner.run([
            "fetch", "--endpoint", "https://127.0.0.1:1/graphql", "--transport", "foundation",
            "--cacert", ReferenceServer.TLS.testCertificate.certificateAuthorityFile, "--query", "{ hello }",
        ])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--cacert works with --transport curl or ws"))
    }

    @Test func anUnreadableAuthorityFileIsAUsageError() throws {
        let outcome = try CLIRunner.run([
            "fetch", "--endpoint", "https://127.0.0.1:1/graphql", "--cacert", "/nonexistent/ca.pem", "--query", "{ hello }",
        ])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("--cacert must name a readable PEM file"))
    }
}
