/// A transport that sends queries and mutations as Automatic Persisted Queries (Apollo's APQ): the
/// SHA-256 of the text first, the text only when the server asks. A decorator, so any transport,
/// built-in or an app's own, gets it.
///
/// - The first request carries `extensions.persistedQuery = {"version": 1, "sha256Hash": …}`
///   and no text. With the HTTP transport's GET on (`"method": "GET"`), such a query goes by GET,
///   so a CDN can cache it; mutations never go by GET.
/// - On `PERSISTED_QUERY_NOT_FOUND` (as `extensions.code`, or the message `PersistedQueryNotFound`)
///   it is sent once more with the text and the hash, by POST, which registers it.
/// - On `PERSISTED_QUERY_NOT_SUPPORTED` (or `PersistedQueryNotSupported`) it is sent with the
///   text, and every later request of this transport goes with the text and no hash.
/// - Subscriptions and requests with uploads (``GraphQLRequest/uploads``) go as they are: a
///   multipart request's text is never left out.
///
/// ```swift
/// let transport = AutomaticPersistedQueriesTransport(CurlTransport(endpoint: url, options: HTTPTransportOptions(usesGETForQueries: true)))
/// ```
public struct AutomaticPersistedQueriesTransport: Transport, PayloadTransport {
    /// The transport the requests go through.
    public let inner: any Transport
    private let supported = Locked(true)

    /// A transport that sends queries and mutations through `inner` by hash first.
    /// - Parameter inner: the transport the requests go through.
    public init(_ inner: any Transport) {
        self.inner = inner
    }

    /// Whether the server has not said it does not support APQ.
    public var isEnabled: Bool { supported.withLock { $0 } }

    /// Sends `request` by its hash, then with its text when the server asks.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        responses(request)
    }

    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        PayloadCursor.stream { [inner, supported] in
            guard request.operationType != .subscription, request.uploads.isEmpty, !request.query.isEmpty, supported.withLock({ $0 }) else {
                return try await inner.firstPayload(request)
            }
            var withHash = request
            var extensions = request.extensions ?? JSONObject()
            extensions["persistedQuery"] = ["version": 1, "sha256Hash": .string(SHA256.hexDigest(request.query))]
            withHash.extensions = extensions
            var hashOnly = withHash
            // Without the text a batch cannot see @defer or @stream, so such a request is sent alone.
            if GraphQLHTTPEncoding.usesIncrementalDelivery(request.query) { hashOnly.allowsBatching = false }
            hashOnly.query = ""
            let answer: PersistedQueryAnswer
            do {
                let opened = try await inner.firstPayload(hashOnly)
                guard let first = opened.first, let said = PersistedQueryAnswer(first) else { return opened }
                answer = said
            } catch {
                guard let said = PersistedQueryAnswer(error) else { throw error }
                answer = said
            }
            switch answer {
            case .notSupported:
                supported.withLock { $0 = false }
                return try await inner.firstPayload(request)
            case .notFound:
                // The text goes by POST: a miss must not be what a CDN keeps for the URL.
                withHash.usesGET = false
                return try await inner.firstPayload(withHash)
            }
        }
    }
}

/// What a server answered a request that carried only a persisted query's hash.
enum PersistedQueryAnswer {
    /// It does not know the hash: send the text.
    case notFound
    /// It does not do APQ at all.
    case notSupported

    init?(_ errors: [GraphQLError]) {
        for error in errors {
            if error.code == "PERSISTED_QUERY_NOT_FOUND" || error.message == "PersistedQueryNotFound" {
                self = .notFound
                return
            }
            if error.code == "PERSISTED_QUERY_NOT_SUPPORTED" || error.message == "PersistedQueryNotSupported" {
                self = .notSupported
                return
            }
        }
        return nil
    }

    /// The answer a first payload gives; a body is parsed only when it is small, as such an answer is.
    init?(_ payload: ResponsePayload) {
        if case .body(let body, _) = payload, body.count > 4096 { return nil }
        guard let response = try? payload.parsed(), response.data?.isNull ?? true else { return nil }
        self.init(response.errors)
    }

    /// The answer a thrown request error gives.
    init?(_ error: any Error) {
        guard let failure = error as? Failure, case .request(let errors) = failure else { return nil }
        self.init(errors)
    }
}
