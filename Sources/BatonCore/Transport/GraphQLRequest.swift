/// One GraphQL operation, ready for a transport to send.
///
/// Everything a transport needs travels in this one value, so it can gain members without
/// breaking a transport that does not read them.
public struct GraphQLRequest: Sendable, Hashable {
    /// Which root type the operation runs on; a transport chooses how to send by it.
    public enum OperationType: String, Sendable, Hashable {
        /// A query, on the query root type.
        case query
        /// A mutation, on the mutation root type.
        case mutation
        /// A subscription, on the subscription root type: a stream of results.
        case subscription
    }

    /// The `onError` request parameter: what the server does with a field error
    /// (the GraphQL error-behavior proposal, as Relay sends it).
    public enum ErrorBehavior: String, Sendable, Hashable {
        /// Null the nearest nullable parent, as servers always have.
        case propagate = "PROPAGATE"
        /// Null only the failed field, whatever its type says.
        case null = "NULL"
        /// Stop and return no data.
        case halt = "HALT"
    }

    /// The document text.
    public var query: String
    /// The operation to run when the document has several.
    public var operationName: String?
    /// Which root type it runs on.
    public var operationType: OperationType
    /// The variables, already encoded; absent variables are absent members.
    public var variables: JSONObject?
    /// Protocol extensions (persisted query hashes, …).
    public var extensions: JSONObject?
    /// What the server should do with field errors, when the app asks.
    public var onError: ErrorBehavior?
    /// Extra header fields for this request (HTTP transports send them; others may ignore them).
    public var headers: [HeaderField]
    /// How long the whole exchange may take, or `nil` for the transport's own default.
    public var timeout: Duration?
    /// Whether a retrying transport may send this mutation again after a failure that may have
    /// left it unexecuted (``RetryingTransport``); queries may always be retried, mutations only so.
    public var allowsRetry: Bool
    /// How an HTTP transport sends this query: `true` by GET, `false` by POST, `nil` as its own
    /// options say (``HTTPTransportOptions/usesGETForQueries``). Mutations and subscriptions are
    /// always POSTed.
    public var usesGET: Bool?
    /// The files the variables hold (``Upload``), each with the places it fills; their places in
    /// ``variables`` are `null`. A request with uploads is sent as `multipart/form-data` (the
    /// GraphQL multipart request spec), never by GET, never by hash alone, never batched, and a
    /// mutation with uploads is never retried.
    public var uploads: [UploadPart] = []
    /// Told how much of a request's uploads has been sent, as the transport sends it; the
    /// environment sets it to report `upload.progress` events.
    public var uploadProgress: UploadProgress?
    /// The persisted document this request names instead of its text (``PersistedDocumentsTransport``):
    /// an HTTP transport sends it as a request parameter, and no `query`.
    public var documentID: DocumentID?
    /// Whether a batching transport (``BatchingTransport``) may send this request in a batch
    /// with others; `false` sends it alone.
    public var allowsBatching: Bool = true

    /// A request for a transport to send.
    /// - Parameters:
    ///   - query: The document text.
    ///   - operationName: The operation to run when the document has several.
    ///   - operationType: Which root type it runs on.
    ///   - variables: The variables, already encoded.
    ///   - extensions: Protocol extensions (persisted query hashes, …).
    ///   - onError: What the server should do with field errors, if the app asks.
    ///   - headers: Extra header fields for this request.
    ///   - timeout: How long the whole exchange may take, or `nil` for the transport's default.
    ///   - allowsRetry: Whether a retrying transport may send a mutation again.
    public init(
        query: String,
        operationName: String? = nil,
        operationType: OperationType = .query,
        variables: JSONObject? = nil,
        extensions: JSONObject? = nil,
        onError: ErrorBehavior? = nil,
        headers: [HeaderField] = [],
        timeout: Duration? = nil,
        allowsRetry: Bool = false
    ) {
        self.query = query
        self.operationName = operationName
        self.operationType = operationType
        self.variables = variables
        self.extensions = extensions
        self.onError = onError
        self.headers = headers
        self.timeout = timeout
        self.allowsRetry = allowsRetry
    }
}

extension GraphQLRequest {
    /// A persisted document's id and the request parameter it goes in.
    public struct DocumentID: Sendable, Hashable {
        /// The id: the SHA-256 (lowercase hex) of the document's exact text.
        public var id: String
        /// The request parameter that carries it: `documentId` (the GraphQL-over-HTTP RFC's
        /// name), or what a server reads instead (`doc_id`, `id`).
        public var member: String

        /// A persisted document id, sent in the request parameter `member`.
        /// - Parameters:
        ///   - id: the document's id.
        ///   - member: the request parameter that carries it.
        public init(_ id: String, member: String = "documentId") {
            self.id = id
            self.member = member
        }
    }
}
