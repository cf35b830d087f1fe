/// A transport that sends a token with every request and refreshes it when the server refuses
/// it: a decorator, so any transport, built-in or an app's own, gets it (urql's `authExchange`).
///
/// - The token is the provider's (called with `nil` for the first token), sent as
///   `header: prefix + token` (`Authorization: Bearer …` by default), marked secret.
/// - A request is refused when the server answers HTTP 401, or its first payload has an error
///   whose `extensions.code` is `UNAUTHENTICATED`. Then the provider is called once with the
///   refused token for every request refused with it (single flight: requests refused meanwhile
///   wait for the same refresh), and each is sent once more with the new token. A second refusal
///   is the answer.
/// - When the refresh fails, every request waiting for it fails with the provider's own error,
///   unchanged inside ``Failure/transport(_:)``; the next new request asks for a first token again.
/// - A mutation is sent again only after a 401, when the server said it did not run it; a
///   mutation answered with `UNAUTHENTICATED` keeps its answer.
///
/// ```swift
/// let transport = AuthenticatingTransport(CurlTransport(endpoint: url)) { rejected in
///     rejected == nil ? try await keychain.token() : try await session.refresh()
/// }
/// ```
public struct AuthenticatingTransport: Transport, PayloadTransport {
    /// The transport the requests go through.
    public let inner: any Transport
    /// The header field the token goes in (`Authorization`).
    public let header: String
    /// What goes before the token in the field (`Bearer `).
    public let prefix: String
    private let tokens: TokenCache

    /// A transport that sends a token from `token` with every request through `inner`.
    /// - Parameters:
    ///   - inner: the transport the requests go through.
    ///   - header: the header field the token goes in.
    ///   - prefix: what goes before the token in the field.
    ///   - token: gives a token: the first one when called with `nil`, a fresh one when called
    ///     with the token the server refused. What it throws fails the requests that wait for it.
    public init(
        _ inner: any Transport, header: String = "Authorization", prefix: String = "Bearer ",
        token: @escaping @Sendable (_ rejected: String?) async throws -> String
    ) {
        self.inner = inner
        self.header = header
        self.prefix = prefix
        tokens = TokenCache(provider: token)
    }

    /// Sends `request` through ``inner`` with the token, once more after a refresh when refused.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        responses(request)
    }

    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        PayloadCursor.stream { [inner, tokens, header, prefix] in
            let sent = try await tokens.token()
            do {
                let opened = try await inner.firstPayload(Self.request(request, token: sent, header: header, prefix: prefix))
                // An answer that says UNAUTHENTICATED ran the operation: a mutation keeps it.
                guard let first = opened.first, Refusal.saysUnauthenticated(first), request.operationType != .mutation else {
                    return opened
                }
            } catch {
                guard let refusal = Refusal(error), refusal == .status401 || request.operationType != .mutation else { throw error }
            }
            let fresh = try await tokens.refreshed(after: sent)
            return try await inner.firstPayload(Self.request(request, token: fresh, header: header, prefix: prefix))
        }
    }

    private static func request(_ request: GraphQLRequest, token: String, header: String, prefix: String) -> GraphQLRequest {
        var request = request
        request.headers = HeaderField.merged(request.headers, [HeaderField(name: header, value: prefix + token, isSecret: true)])
        return request
    }
}

/// How a server refused a request's credentials.
enum Refusal: Equatable {
    /// HTTP 401: the server did not run the operation.
    case status401
    /// An error with `extensions.code` `UNAUTHENTICATED`.
    case unauthenticated

    /// The refusal `error` stands for, if any.
    init?(_ error: any Error) {
        switch error {
        case let failure as Failure:
            switch failure {
            case .transport(let underlying):
                guard let refusal = Refusal(underlying) else { return nil }
                self = refusal
            case .request(let errors) where errors.contains(where: { $0.code == Self.code }):
                self = .unauthenticated
            case .request, .malformed, .environment:
                return nil
            }
        case let transport as TransportError where transport.statusCode == 401:
            self = .status401
        default:
            return nil
        }
    }

    static let code = "UNAUTHENTICATED"
    private static let codeBytes = Array(code.utf8)

    /// Whether a payload has an error coded `UNAUTHENTICATED`; a body is parsed only when it
    /// holds the word.
    static func saysUnauthenticated(_ payload: ResponsePayload) -> Bool {
        switch payload {
        case .response(let response):
            return response.errors.contains { $0.code == code }
        case .body(let body, _):
            guard contains(body, codeBytes), let response = try? payload.parsed() else { return false }
            return response.errors.contains { $0.code == code }
        }
    }

    private static func contains(_ bytes: [UInt8], _ word: [UInt8]) -> Bool {
        guard bytes.count >= word.count, let first = word.first else { return false }
        var index = 0
        while let at = bytes[index...].firstIndex(of: first) {
            if at + word.count > bytes.count { return false }
            if bytes[at..<(at + word.count)].elementsEqual(word) { return true }
            index = at + 1
        }
        return false
    }
}
