/// A GraphQL operation as `baton generate` writes it: its document, stable id, plan, variables
/// and the typed ``Data`` its response reads as.
///
/// Generated types conform; an app rarely conforms a type of its own.
public protocol GraphQLOperation: Sendable {
    /// The operation's variables.
    associatedtype Variables: OperationVariables
    /// The typed view of the operation's `data`.
    associatedtype Data: OperationData

    /// The document sent to the server: the operation and every fragment it uses, printed canonically.
    static var document: String { get }
    /// The operation's name in ``document``.
    static var operationName: String { get }
    /// Which root type it runs on.
    static var operationType: GraphQLRequest.OperationType { get }
    /// The SHA-256 of ``document`` in lowercase hexadecimal: the same text always has the same id.
    static var operationID: String { get }
    /// What the runtime needs to normalize the response and read it back.
    static var plan: OperationPlan { get }
    /// The `onError` behaviour to ask the server for, from `baton.json`; `nil` leaves it to the server.
    static var onError: GraphQLRequest.ErrorBehavior? { get }
    /// How long the operation's data stays fresh after a fetch, from its `@cacheExpiration(seconds:)`;
    /// `nil` leaves it to the environment.
    static var cacheExpiration: Duration? { get }

    /// The values of this fetch's variables.
    var variables: Variables { get }
}

extension GraphQLOperation {
    /// No `onError`: the server decides.
    public static var onError: GraphQLRequest.ErrorBehavior? { nil }

    /// No expiration of its own: the environment's applies.
    public static var cacheExpiration: Duration? { nil }

    /// The request that sends this operation with its variables; the files they hold (``Upload``)
    /// are its ``GraphQLRequest/uploads``, their places in the variables `null`.
    /// - Parameters:
    ///   - onError: What the server should do with field errors; the operation's own setting by default.
    ///   - extensions: Protocol extensions to send (persisted query hashes, …).
    ///   - headers: Extra header fields.
    ///   - timeout: How long the whole exchange may take.
    public func request(
        onError: GraphQLRequest.ErrorBehavior? = Self.onError,
        extensions: JSONObject? = nil,
        headers: [HeaderField] = [],
        timeout: Duration? = nil
    ) -> GraphQLRequest {
        let (json, uploads) = UploadCollection.collect { variables.json }
        var request = GraphQLRequest(
            query: Self.document,
            operationName: Self.operationName,
            operationType: Self.operationType,
            variables: json.isEmpty ? nil : json,
            extensions: extensions,
            onError: onError,
            headers: headers,
            timeout: timeout
        )
        request.uploads = uploads
        return request
    }

    /// Reads this operation's typed data from a response.
    /// - Parameters:
    ///   - response: One response payload.
    ///   - events: Where reads report missing and unexpected data; `nil` drops those reports.
    /// - Throws: ``DataError`` for a verdict about the data: no data at all, field errors under
    ///   `@throwOnFieldError`, or a `@required` field that bubbled to the root.
    public func data(from response: GraphQLResponse, events: (any EventSink)? = nil) throws(DataError) -> Data {
        try Data(response: response, variables: variables.json, events: events)
    }
}
