import BatonCore
import Foundation
import ReferenceServer
import Testing

/// Header values and variables never appear in what `baton fetch` prints, however the fetch fails,
/// and no event carries them or text the server sent: every output of a suite of failing fetches,
/// through each transport (curl and Foundation, over HTTP and SSE, and WebSocket), is searched for
/// planted secrets, and every event `--events` prints for text from the response bodies.
@Suite struct FetchSecretsTests {
    static let secrets = ["PLANTED-TOKEN-7f3a", "PLANTED-COOKIE-91c2", "PLANTED-KEY-5d0e", "PLANTED-VARIABLE-b64f"]
    /// Text the failing routes send in their bodies, close frames and errors (TestServer's
    /// faults.py, ws_frames.py and resolvers.py): an event's message never carries it.
    static let bodyTexts = [
        "upstream said no", "on purpose", "Not JSON", "Oops", "Item number", "Countdown source crashed", "Hello, world",
    ]

    static let credentials = [
        "--header", "Authorization: Bearer \(secrets[0])", "--header", "Cookie: session=\(secrets[1])",
        "--header", "X-Api-Key: \(secrets[2])", "--variables", #"{"secret":"\#(secrets[3])"}"#,
    ]
    /// The planted credentials and a variable, on a query the server would run.
    static let plantedQuery = credentials + ["--query", "query Planted($secret: String) { hello echo(value: $secret) }"]
    /// The same on a subscription whose source crashes after one event, for the streaming routes.
    static let plantedSubscription =
        credentials + ["--query", "subscription Planted($secret: String) { countdown(from: 3, crashAt: 2, tag: $secret) { value } }"]

    static let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../TestServer/schema.graphql").standardizedFileURL.path

    /// Every failing fetch: a name and its arguments, and whether it reaches a transport (so
    /// `--events` shows its `fetch.failed`).
    func runs(_ server: ReferenceServer) -> [(name: String, arguments: [String], fetches: Bool)] {
        let closed = ReferenceServer.closedPort()
        let http =
            [
                "/status/500", "/status/502", "/status/401?body=text", "/not-json", "/truncated", "/truncated?incomplete=1",
                "/drop", "/drop?reset=1", "/fixed/data-null", "/fixed/extensions-list", "/redirect/302?to=/graphql",
                "/redirect/307?to=http://127.0.0.1:\(closed)/graphql", "/slow?ms=5000",
            ].map { server.url($0).absoluteString } + ["http://127.0.0.1:\(closed)/graphql", "http://baton-test.invalid/graphql"]
        var runs: [(String, [String], Bool)] = []
        for transport in ["curl", "foundation"] {
            for endpoint in http {
                runs.append(
                    ("\(transport) \(endpoint)", ["--endpoint", endpoint, "--transport", transport, "--timeout", "1"] + Self.plantedQuery, true))
            }
            // Server-sent events: a source that crashes, a stream cut mid-event, a refusal.
            for path in ["/graphql", "/cut-sse?events=1", "/status/500"] {
                runs.append(
                    (
                        "\(transport) SSE \(path)",
                        ["--endpoint", server.url(path).absoluteString, "--transport", transport, "--timeout", "1"] + Self.plantedSubscription, true
                    ))
            }
        }
        for path in ["/ws-drop?after=1", "/ws-frames?mask=1", "/ws-frames?closeAfter=2&closeCode=4500", "/graphql", "/status/404"] {
            let endpoint = "ws://127.0.0.1:\(server.port)\(path)"
            runs.append(("ws \(path)", ["--endpoint", endpoint, "--transport", "ws", "--timeout", "1"] + Self.plantedSubscription, true))
        }
        runs.append(("ws refused", ["--endpoint", "ws://127.0.0.1:\(closed)/graphql", "--transport", "ws"] + Self.plantedQuery, true))
        runs.append(("curl to ws", ["--endpoint", server.webSocketURL.absoluteString, "--transport", "curl"] + Self.plantedQuery, false))
        return runs
    }

    @Test func noFailingFetchPrintsAHeaderValueOrAVariable() async throws {
        let server = try await ReferenceServer.shared()
        for (name, arguments, _) in runs(server) {
            let outcome = try CLIRunner.run(["fetch"] + arguments)
            #expect(outcome.status == 2, "\(name) did not fail: \(outcome.standardOutput)")
            let printed = outcome.standardOutput + outcome.standardError
            for secret in Self.secrets {
                #expect(!printed.contains(secret), "\(name) printed \(secret): \(printed)")
            }
        }
    }

    @Test func noEventOfAFailingFetchCarriesASecretOrTextTheServerSent() async throws {
        let server = try await ReferenceServer.shared()
        for (name, arguments, fetches) in runs(server) {
            let outcome = try CLIRunner.run(["fetch", "--schema", Self.schema, "--store", "memory", "--events"] + arguments)
            #expect(outcome.status == 2, "\(name) did not fail: \(outcome.standardOutput)")
            // The failure printed on standard output and every other line: no credential, no variable.
            let printed = outcome.standardOutput + outcome.standardError
            for secret in Self.secrets {
                #expect(!printed.contains(secret), "\(name) printed \(secret): \(printed)")
            }
            // Every event, each of its fields: nothing the server sent either.
            let events = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("{\"event\"") }.map(String.init)
            for event in events {
                for text in Self.secrets + Self.bodyTexts {
                    #expect(!event.contains(text), "\(name): an event carries \"\(text)\": \(event)")
                }
            }
            if fetches {
                #expect(events.contains { $0.contains(#""event":"fetch.failed""#) }, "\(name): no fetch.failed event in \(events)")
            }
        }
    }
}
