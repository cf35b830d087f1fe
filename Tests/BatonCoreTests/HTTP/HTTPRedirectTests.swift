import Foundation
import Testing

@_spi(Transport) @testable import BatonCore

/// The redirect rule every HTTP client shares: which statuses are followed for which method, and
/// which header fields reach another origin.
@Suite struct HTTPRedirectTests {
    static let from = URL(string: "https://api.example.com/graphql")!
    static let credentials = [
        HeaderField(name: "authorization", value: "Bearer t"),
        HeaderField(name: "Proxy-Authorization", value: "Basic p"),
        HeaderField(name: "COOKIE", value: "s=1"),
        HeaderField(name: "X-Api-Key", value: "k", isSecret: true),
        HeaderField(name: "Accept", value: "application/json"),
    ]

    static func request(_ method: GraphQLHTTPRequest.Method) -> GraphQLHTTPRequest {
        GraphQLHTTPRequest(method: method, url: from, headers: credentials, body: method == .post ? Array("{}".utf8) : nil, timeout: .seconds(3))
    }

    static func head(_ status: Int, _ location: String?) -> GraphQLHTTPResponseHead {
        GraphQLHTTPResponseHead(statusCode: status, headers: location.map { [HeaderField(name: "Location", value: $0)] } ?? [])
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aGetFollowsEveryRedirect(status: Int) throws {
        let next = try #require(HTTPRedirect.request(after: Self.head(status, "/v2/graphql?x=1"), to: Self.request(.get)))
        #expect(next.url.absoluteString == "https://api.example.com/v2/graphql?x=1")
        #expect(next.method == .get)
        #expect(next.headers == Self.credentials, "same origin: every field kept")
    }

    @Test(arguments: [307, 308])
    func aPostIsRepeatedWithItsMethodAndBody(status: Int) throws {
        let request = Self.request(.post)
        let next = try #require(HTTPRedirect.request(after: Self.head(status, "other"), to: request))
        #expect(next.url.absoluteString == "https://api.example.com/other")
        #expect(next.method == .post)
        #expect(next.body == request.body)
        #expect(next.timeout == request.timeout)
    }

    @Test(arguments: [301, 302, 303])
    func aPostIsNotTurnedIntoAGet(status: Int) {
        #expect(HTTPRedirect.request(after: Self.head(status, "/graphql"), to: Self.request(.post)) == nil)
    }

    @Test(arguments: [300, 304, 305, 306, 200, 404])
    func otherStatusesAreFinal(status: Int) {
        #expect(HTTPRedirect.request(after: Self.head(status, "/graphql"), to: Self.request(.get)) == nil)
    }

    @Test(arguments: [nil, "", "ftp://example.com/x", "file:///etc/passwd", "javascript:alert(1)", "http://"])
    func aLocationThatCannotBeFollowedMakesTheRedirectFinal(location: String?) {
        #expect(HTTPRedirect.request(after: Self.head(307, location), to: Self.request(.get)) == nil)
    }

    @Test(arguments: [
        "https://evil.example.net/graphql", "http://api.example.com/graphql", "https://api.example.com:8443/graphql",
        "//other.example.com/graphql",
    ])
    func anotherOriginGetsNoCredentials(location: String) throws {
        let next = try #require(HTTPRedirect.request(after: Self.head(307, location), to: Self.request(.post)))
        #expect(next.headers == [HeaderField(name: "Accept", value: "application/json")])
    }

    @Test(arguments: ["https://API.example.com:443/graphql", "https://api.example.com/elsewhere"])
    func theSameOriginKeepsThem(location: String) throws {
        let next = try #require(HTTPRedirect.request(after: Self.head(308, location), to: Self.request(.post)))
        #expect(next.headers == Self.credentials)
    }

    @Test func credentialsAreKnownByNameOrByMark() {
        #expect(Self.credentials.map(\.isCredential) == [true, true, true, true, false])
        #expect(HeaderField(name: "X-Api-Key", value: "k").isCredential == false)
    }
}

/// Redirects as ``GraphQLOverHTTP`` follows them, through a client that answers each request in turn.
@Suite struct GraphQLOverHTTPRedirectTests {
    static let endpoint = URL(string: "http://127.0.0.1:1/graphql")!
    static let redirect = GraphQLHTTPClientEvent.head(
        GraphQLHTTPResponseHead(statusCode: 307, headers: [HeaderField(name: "Location", value: "/moved")]))
    static let answer: [GraphQLHTTPClientEvent] = [
        .head(GraphQLHTTPResponseHead(statusCode: 200, headers: [])), .body(Array(#"{"data":{"a":1}}"#.utf8)),
    ]

    @Test func aRedirectIsFollowedWithTheSameRequestAtTheNewLocation() async throws {
        let client = ScriptedHTTPClient(exchanges: [[Self.redirect, .body(Array("moved".utf8))], Self.answer])
        let transport = GraphQLOverHTTP(endpoint: Self.endpoint, client: client)
        let response = try await transport.response(for: GraphQLRequest(query: "{ a }"))
        #expect(response.data == ["a": 1])
        let sent = transport.httpRequest(for: GraphQLRequest(query: "{ a }"))
        #expect(client.requests.map(\.url.path) == ["/graphql", "/moved"])
        #expect(client.requests.last?.body == sent.body)
        #expect(client.terminations == 2, "the redirect's exchange was stopped, not read")
    }

    @Test func theRedirectAfterTheLastAllowedIsTheResponse() async {
        let client = ScriptedHTTPClient(exchanges: [[Self.redirect]])
        let transport = GraphQLOverHTTP(endpoint: Self.endpoint, client: client, options: HTTPTransportOptions(maximumRedirects: 3))
        do {
            _ = try await transport.response(for: GraphQLRequest(query: "{ a }"))
            Issue.record("an endless redirect succeeded")
        } catch {
            #expect((error.transportError as? TransportError)?.statusCode == 307)
        }
        #expect(client.requests.count == 4)
    }

    @Test func interimHeadsBeforeARedirectAreSkipped() async throws {
        let interim = GraphQLHTTPClientEvent.head(GraphQLHTTPResponseHead(statusCode: 100, headers: []))
        let client = ScriptedHTTPClient(exchanges: [[interim, Self.redirect], [interim] + Self.answer])
        let response = try await GraphQLOverHTTP(endpoint: Self.endpoint, client: client).response(for: GraphQLRequest(query: "{ a }"))
        #expect(response.data == ["a": 1])
        #expect(client.requests.count == 2)
    }
}
