import BatonCore
import Foundation
import ReferenceServer
import Testing

/// Header values and variables never appear in what `baton fetch` prints, however the fetch fails:
/// every output of a suite of failing fetches, through each transport, is searched for planted secrets.
@Suite struct FetchSecretsTests {
    static let secrets = ["PLANTED-TOKEN-7f3a", "PLANTED-COOKIE-91c2", "PLANTED-KEY-5d0e", "PLANTED-VARIABLE-b64f"]

    /// The planted credentials and a variable, on an operation the server would run.
    static let planted = [
        "--header", "Authorization: Bearer \(secrets[0])", "--header", "Cookie: session=\(secrets[1])",
        "--header", "X-Api-Key: \(secrets[2])", "--variables", #"{"secret":"\#(secrets[3])"}"#,
        "--query", "query Planted($secret: String) { hello }",
    ]

    @Test func noFailingFetchPrintsAHeaderValueOrAVariable() async throws {
        let server = try await ReferenceServer.shared()
        let closed = ReferenceServer.closedPort()
        let http =
            [
                "/status/500", "/status/502", "/status/401?body=text", "/not-json", "/truncated", "/truncated?incomplete=1",
                "/drop", "/drop?reset=1", "/fixed/data-null", "/fixed/extensions-list", "/redirect/302?to=/graphql",
                "/redirect/307?to=http://127.0.0.1:\(closed)/graphql", "/slow?ms=5000",
            ].map { server.url($0).absoluteString } + ["http://127.0.0.1:\(closed)/graphql", "http://baton-test.invalid/graphql"]
        var runs: [(String, [String])] = []
        for transport in ["curl", "foundation"] {
            for endpoint in http {
                runs.append(("\(transport) \(endpoint)", ["--endpoint", endpoint, "--transport", transport, "--timeout", "1"]))
            }
        }
        for path in ["/ws-drop?after=1", "/ws-frames?mask=1"] {
            runs.append(("ws \(path)", ["--endpoint", "ws://127.0.0.1:\(server.port)\(path)", "--transport", "ws", "--timeout", "1"]))
        }
        runs.append(("ws refused", ["--endpoint", "ws://127.0.0.1:\(closed)/graphql", "--transport", "ws"]))
        runs.append(("curl to ws", ["--endpoint", server.webSocketURL.absoluteString, "--transport", "curl"]))

        for (name, arguments) in runs {
            let outcome = try CLIRunner.run(["fetch"] + arguments + Self.planted)
            #expect(outcome.status == 2, "\(name) did not fail: \(outcome.standardOutput)")
            let printed = outcome.standardOutput + outcome.standardError
            for secret in Self.secrets {
                #expect(!printed.contains(secret), "\(name) printed \(secret): \(printed)")
            }
        }
    }
}
