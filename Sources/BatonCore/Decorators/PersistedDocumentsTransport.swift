/// A transport that sends queries and mutations by their id in a persisted-operation manifest and
/// never their text (`"persistedOperations": {"mode": "ids"}`), for a gateway that runs only the
/// operations registered with it. A decorator, so any transport, built-in or an app's own, gets it.
///
/// - Each request carries the SHA-256 of its exact text in the `documentId` parameter (the
///   GraphQL-over-HTTP RFC's name; `member` names another, such as `doc_id` or `id`) and no
///   `query`: ``GraphQLRequest/documentID`` is set and ``GraphQLRequest/query`` emptied.
/// - An operation the manifest does not list is not sent: it fails with
///   ``EnvironmentError/Code/notPersisted``, naming it. `baton generate` and the build plugin
///   refuse such an operation before it can run.
/// - Subscriptions go the same way.
///
/// ```swift
/// let manifest = try PersistedOperationManifest(json: Array(Data(contentsOf: manifestURL)))
/// let transport = PersistedDocumentsTransport(CurlTransport(endpoint: url), manifest: manifest)
/// ```
public struct PersistedDocumentsTransport: Transport, PayloadTransport {
    /// The transport the requests go through.
    public let inner: any Transport
    /// The operations the server knows.
    public let manifest: PersistedOperationManifest
    /// The request parameter the id goes in.
    public let member: String

    /// A transport that sends each operation through `inner` by its id in `manifest`, never its text.
    /// - Parameters:
    ///   - inner: the transport the requests go through.
    ///   - manifest: the operations the server knows.
    ///   - member: the request parameter the id goes in: `documentId` unless the server reads another.
    public init(_ inner: any Transport, manifest: PersistedOperationManifest, member: String = "documentId") {
        self.inner = inner
        self.manifest = manifest
        self.member = member
    }

    /// Sends `request` by its id.
    /// - Parameter request: the operation.
    public func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        responses(request)
    }

    package func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        guard !request.query.isEmpty else { return inner.payloads(request) }
        let id = SHA256.hexDigest(request.query)
        guard manifest.ids.contains(id) else {
            let name = request.operationName.map { "\"\($0)\"" } ?? "the operation"
            let error = EnvironmentError(
                .notPersisted, "\(name) (id \(id)) is not in the persisted-operation manifest, and only its ids are sent")
            return AsyncThrowingStream { $0.finish(throwing: Failure.environment(error)) }
        }
        var byID = request
        byID.documentID = GraphQLRequest.DocumentID(id, member: member)
        // Without the text a batch cannot see @defer or @stream, so such a request is sent alone.
        if GraphQLHTTPEncoding.usesIncrementalDelivery(request.query) { byID.allowsBatching = false }
        byID.query = ""
        return inner.payloads(byID)
    }
}
