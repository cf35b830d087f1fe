@_spi(Transport) import BatonCore
import Foundation

/// One answer of the reference server's hostile routes (`TestServer/hostile.py`) and the verdict
/// every HTTP transport must reach for it, so each transport's tests run the same table.
public struct HostileServerCase: Sendable, CustomStringConvertible {
    /// What the fetch must end in.
    public enum Verdict: Sendable {
        /// Data whose members named here have these values (`null` for a header that must not
        /// have arrived); `"length": true` asks that the server read the body the POST was sent with.
        case data([String: JSONValue], bodyLength: Bool = false)
        /// A ``TransportError`` with this status and body.
        case transportError(status: Int, body: String)
        /// Malformed, with this code.
        case malformed(IngestError.Code)
        /// A request error whose first error has this `extensions.code`.
        case request(code: String)
    }

    /// The case's name, as tests list it.
    public var description: String
    /// The route, given the server's port (for URLs of another origin on the same server).
    public var path: @Sendable (_ port: Int) -> String
    /// The operation sent.
    public var request: GraphQLRequest
    /// How it is sent.
    public var options: HTTPTransportOptions
    /// Whether it is read as a stream (`send`) rather than as one response.
    public var isStream: Bool
    /// Whether the answer is a chunked body with trailer fields, on which FoundationNetworking traps.
    public var hasTrailers: Bool
    /// The verdict.
    public var verdict: Verdict

    /// Runs the case through the transport `make` builds for an endpoint and options.
    /// - Returns: what is wrong with the outcome; empty when the transport reached the verdict.
    public func problems(on server: ReferenceServer, _ make: (URL, HTTPTransportOptions) -> any Transport) async -> [String] {
        let transport = make(server.url(path(server.port)), options)
        var payloads: [GraphQLResponse] = []
        var failure: Failure?
        do {
            if isStream {
                for try await payload in transport.send(request) { payloads.append(payload) }
            } else {
                payloads = [try await transport.response(for: request)]
            }
        } catch {
            failure = Failure(classifying: error)
        }
        return judge(payloads, failure)
    }

    private func judge(_ payloads: [GraphQLResponse], _ failure: Failure?) -> [String] {
        let outcome = "payloads \(payloads.map { JSONValue.object($0.payload).serialized() }), failure \(failure.map { "\($0)" } ?? "none")"
        switch verdict {
        case .data(let members, let bodyLength):
            guard failure == nil, let data = payloads.first?.data else { return ["expected data, got \(outcome)"] }
            var problems = members.compactMap { name, value in
                data[name] == value ? nil : "\(name): expected \(value), got \(String(describing: data[name]))"
            }
            if bodyLength, data["length"] != .string("\(Self.bodyLength(of: request, options: options))") {
                problems.append("the server read \(String(describing: data["length"])) bytes, not the body the POST was sent with")
            }
            return problems
        case .transportError(let status, let body):
            guard let error = failure?.transportError as? TransportError, error.statusCode == status, error.body == body else {
                return ["expected TransportError(\(status), \(body.debugDescription)), got \(outcome)"]
            }
            return []
        case .malformed(let code):
            guard case .malformed(let error)? = failure, error.code == code, payloads.isEmpty else {
                return ["expected malformed \(code), got \(outcome)"]
            }
            return []
        case .request(let code):
            guard failure?.requestErrors.first?.code == code, payloads.isEmpty else { return ["expected a request error \(code), got \(outcome)"] }
            return []
        }
    }

    /// The length of the body ``GraphQLOverHTTP`` POSTs for `request`.
    private static func bodyLength(of request: GraphQLRequest, options: HTTPTransportOptions) -> Int {
        let endpoint = URL(fileURLWithPath: "/")
        return GraphQLOverHTTP(endpoint: endpoint, client: NoClient(), options: options).httpRequest(for: request).body?.count ?? -1
    }

    /// A client for building requests only.
    private struct NoClient: GraphQLHTTPClient {
        func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
            AsyncThrowingStream { $0.finish(throwing: TransportError(statusCode: 0, body: "requests are only built here")) }
        }
    }
}

extension HostileServerCase {
    /// Asks the server which credentials and other fields reached it, and how long the body was.
    static let headersSeen = GraphQLRequest(
        query: """
            { hello authorization: requestHeader(name: "authorization") cookie: requestHeader(name: "cookie")
              apiKey: requestHeader(name: "x-api-key") plain: requestHeader(name: "x-plain")
              length: requestHeader(name: "content-length") }
            """,
        headers: [HeaderField(name: "Cookie", value: "session=planted-cookie")])

    /// Credentials planted in the options: by name (`Authorization`), marked secret, and a plain field.
    static let planted: [HeaderField] = [
        HeaderField(name: "Authorization", value: "Bearer planted-token"),
        HeaderField(name: "X-Api-Key", value: "planted-key", isSecret: true),
        HeaderField(name: "X-Plain", value: "visible"),
    ]

    static let noCredentials: [String: JSONValue] = [
        "hello": "Hello, world!", "authorization": .null, "cookie": .null, "apiKey": .null, "plain": "visible",
    ]

    static func make(
        _ name: String, _ path: @escaping @Sendable (Int) -> String, request: GraphQLRequest = GraphQLRequest(query: "{ hello }"),
        options: HTTPTransportOptions = .init(), isStream: Bool = false, hasTrailers: Bool = false, _ verdict: Verdict
    ) -> HostileServerCase {
        HostileServerCase(
            description: name, path: path, request: request, options: options, isStream: isStream, hasTrailers: hasTrailers, verdict: verdict)
    }

    /// Every case: redirects (credentials across origins, bodies kept, a POST not turned into a
    /// GET), interim responses, trailers, and bodies that are not a success.
    public static let all: [HostileServerCase] = {
        var cases: [HostileServerCase] = []
        for status in [301, 302, 303, 307, 308] {
            cases.append(
                make(
                    "GET \(status) to another origin carries no credentials", { "/redirect/\(status)?to=http://localhost:\($0)/graphql" },
                    request: headersSeen, options: HTTPTransportOptions(headers: planted, usesGETForQueries: true), .data(noCredentials)))
        }
        for status in [307, 308] {
            cases.append(
                make(
                    "POST \(status) within the origin keeps credentials and body", { _ in "/redirect/\(status)?to=/graphql" },
                    request: headersSeen, options: HTTPTransportOptions(headers: planted),
                    .data(["authorization": "Bearer planted-token", "cookie": "session=planted-cookie", "apiKey": "planted-key"], bodyLength: true)))
            cases.append(
                make(
                    "POST \(status) to another origin keeps the body, not the credentials",
                    { "/redirect/\(status)?to=http://localhost:\($0)/graphql" },
                    request: headersSeen, options: HTTPTransportOptions(headers: planted), .data(noCredentials, bodyLength: true)))
        }
        for status in [301, 302, 303] {
            cases.append(
                make(
                    "POST \(status) is not followed", { _ in "/redirect/\(status)?to=/graphql" },
                    .transportError(status: status, body: "\(status): moved to /graphql\n")))
        }
        cases.append(
            make(
                "a redirect not followed when turned off", { _ in "/redirect/307?to=/graphql" },
                options: HTTPTransportOptions(followsRedirects: false), .transportError(status: 307, body: "307: moved to /graphql\n")))
        for codes in ["100", "103", "100,103,100"] {
            cases.append(make("interim \(codes) before the final response", { _ in "/interim?codes=\(codes)" }, .data(["hello": "Hello, world!"])))
        }
        cases.append(make("a chunked body with a trailer", { _ in "/trailer" }, hasTrailers: true, .data(["hello": "Hello, world!"])))
        for name in ["data-null", "extensions-list", "extensions-string"] {
            cases.append(make("\(name) is malformed", { _ in "/fixed/\(name)" }, .malformed(.notAResponse)))
        }
        cases.append(
            make(
                "a multipart first part of errors is a request error", { _ in "/fixed/multipart-errors-first" },
                request: GraphQLRequest(query: "{ hello ... @defer { slow(ms: 1) } }"), isStream: true, .request(code: "FIRST_PART_FAILED")))
        return cases
    }()
}
