import BatonCore
import Foundation
import ReferenceServer
import Testing

/// `baton fetch` end to end: the executable against the reference server.
@Suite struct FetchCommandTests {
    private func fetch(_ arguments: String...) throws -> CLIRunner.Outcome {
        try CLIRunner.run(["fetch"] + arguments)
    }

    private func json(_ line: String) throws -> JSONValue {
        try JSONValue(parsing: line)
    }

    @Test(arguments: ["curl", "foundation"])
    func partialDataExitsZeroWithTheErrorCode(transport: String) async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch(
            "--endpoint", server.graphqlURL.absoluteString, "--transport", transport,
            "--query", "{ partial { ok failing } }")
        #expect(outcome.status == 0)
        let printed = try json(outcome.standardOutput)
        #expect(printed["data"]?["partial"]?["ok"] == "ok")
        #expect(printed["errors"]?[0]?["extensions"]?["code"] == "PARTIAL_FAILURE")
        #expect(printed["failure"] == .null)
    }

    @Test func variablesAndOperationNameReachTheServer() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch(
            "--endpoint", server.graphqlURL.absoluteString, "--variables", #"{"who":"CLI"}"#,
            "--operation-name", "B",
            "--query", "query A { hello } query B($who: String) { hello(name: $who) }")
        #expect(outcome.status == 0)
        #expect(try json(outcome.standardOutput)["data"]?["hello"] == "Hello, CLI!")
    }

    @Test(arguments: ["curl", "foundation", "ws"])
    func onErrorAndHeadersReachTheServer(transport: String) async throws {
        let server = try await ReferenceServer.shared()
        let endpoint = transport == "ws" ? server.webSocketURL : server.graphqlURL
        let outcome = try fetch(
            "--endpoint", endpoint.absoluteString, "--transport", transport, "--on-error", "null",
            "--header", "X-Baton-Test: from-cli",
            "--query", #"{ requestOnError requestHeader(name: "X-Baton-Test") }"#)
        #expect(outcome.status == 0)
        let data = try json(outcome.standardOutput)["data"]
        #expect(data?["requestOnError"] == "NULL")
        #expect(data?["requestHeader"] == "from-cli")
    }

    @Test func anHTTP500IsATransportFailureWithStatusAndBody() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch("--endpoint", server.url("/status/500").absoluteString, "--query", "{ hello }")
        #expect(outcome.status == 2)
        let failure = try #require(try json(outcome.standardOutput)["failure"])
        #expect(failure["kind"] == "transport")
        #expect(failure["statusCode"] == 500)
        #expect(failure["body"]?.stringValue?.contains("500") == true)
    }

    @Test func aRefusedConnectionIsStatusZeroWithCurlsMessage() throws {
        let outcome = try fetch("--endpoint", "http://127.0.0.1:\(ReferenceServer.closedPort())/graphql", "--query", "{ hello }")
        #expect(outcome.status == 2)
        let failure = try #require(try json(outcome.standardOutput)["failure"])
        #expect(failure["kind"] == "transport")
        #expect(failure["statusCode"] == 0)
        #expect(failure["body"]?.stringValue?.contains("curl error 7") == true)
    }

    @Test func aSyntaxErrorIsARequestErrorWithTheServersLocations() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch("--endpoint", server.graphqlURL.absoluteString, "--query", "{ hello(")
        #expect(outcome.status == 2)
        let printed = try json(outcome.standardOutput)
        #expect(printed["failure"]?["kind"] == "request")
        #expect(printed["errors"]?[0]?["locations"] == [["line": 1, "column": 9]])
    }

    @Test func aBodyThatIsNotJSONIsMalformed() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch("--endpoint", server.url("/not-json").absoluteString, "--query", "{ hello }")
        #expect(outcome.status == 2)
        #expect(try json(outcome.standardOutput)["failure"]?["kind"] == "malformed")
    }

    @Test(arguments: ["curl", "foundation"])
    func nullDataWithoutErrorsIsMalformedAndDoesNotExitZero(transport: String) async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch("--endpoint", server.url("/fixed/data-null").absoluteString, "--transport", transport, "--query", "{ hello }")
        #expect(outcome.status == 2)
        let failure = try json(outcome.standardOutput)["failure"]
        #expect(failure?["kind"] == "malformed")
        #expect(failure?["code"] == "notAResponse")
    }

    @Test func anEndpointNoTransportCanReachIsAnEnvironmentFailure() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch("--endpoint", server.webSocketURL.absoluteString, "--transport", "curl", "--query", "{ hello }")
        #expect(outcome.status == 2)
        #expect(try json(outcome.standardOutput)["failure"]?["kind"] == "environment")
    }

    @Test(arguments: ["curl", "ws"])
    func aSubscriptionPrintsOneLinePerTickThenTheEnd(transport: String) async throws {
        let server = try await ReferenceServer.shared()
        let endpoint = transport == "ws" ? server.webSocketURL : server.graphqlURL
        let outcome = try fetch(
            "--endpoint", endpoint.absoluteString, "--transport", transport,
            "--query", "subscription { countdown(from: 3, failAt: 2, tag: \"cli-\(transport)\") { value note } }")
        #expect(outcome.status == 0)
        let lines = try outcome.lines.map(json)
        #expect(lines.count == 4)
        #expect(lines.prefix(3).map { $0["data"]?["countdown"]?["value"] } == [3, 2, 1])
        #expect(lines[1]["errors"]?[0]?["extensions"]?["code"] == "TICK_FAILED")
        #expect(lines[3] == ["end": "completed"])
    }

    @Test func aCrashedSourceEndsTheStreamWithARequestError() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch(
            "--endpoint", server.graphqlURL.absoluteString,
            "--query", "subscription { countdown(from: 3, crashAt: 1, tag: \"cli-crash\") { value } }")
        #expect(outcome.status == 2)
        let last = try json(try #require(outcome.lines.last))
        #expect(last["end"]?["kind"] == "request")
    }

    @Test func deferredPartsArriveAsSeparateLines() async throws {
        let server = try await ReferenceServer.shared()
        let outcome = try fetch(
            "--endpoint", server.graphqlURL.absoluteString,
            "--query", #"{ hello ... @defer(label: "later") { slow(ms: 50) } }"#)
        #expect(outcome.status == 0)
        let lines = try outcome.lines.map(json)
        #expect(lines.count == 3)
        #expect(lines[0]["hasNext"] == true)
        #expect(lines[1]["incremental"]?[0]?["data"]?["slow"] != nil)
        #expect(lines[2] == ["end": "completed"])
    }

    @Test(arguments: [
        (["--query", "{ a }"], "--endpoint is required"),
        (["--endpoint", "ftp://x", "--query", "{ a }"], "--endpoint must be an http, https, ws or wss URL"),
        (["--endpoint", "http://x", "--transport", "pigeon", "--query", "{ a }"], "--transport must be curl, foundation or ws"),
        (["--endpoint", "http://x", "--variables", "[1]", "--query", "{ a }"], "--variables must be a JSON object"),
        (["--endpoint", "http://x", "--timeout", "-1", "--query", "{ a }"], "--timeout must be a positive number"),
        (["--endpoint", "http://x", "--header", "novalue", "--query", "{ a }"], "--header must look like 'Name: value'"),
        (["--endpoint", "http://x"], "give the operation with --query TEXT or as FILE.graphql"),
        (["--endpoint", "http://x", "--bogus"], "unknown option '--bogus'"),
        (["--endpoint", "http://x", "/nonexistent/op.graphql"], "cannot read the document file"),
    ])
    func usageErrorsExit64SayingWhatIsWrong(arguments: [String], message: String) throws {
        let outcome = try CLIRunner.run(["fetch"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message))
        #expect(outcome.standardOutput.isEmpty)
    }
}
