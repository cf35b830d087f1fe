import struct Foundation.URL

/// A batch over HTTP: the requests as one JSON array in one POST, the answer read as one array.
enum GraphQLHTTPBatch {
    /// Whether `request` goes by POST, so it can share one: a query this transport sends by GET
    /// is sent alone.
    static func canBatch(_ request: GraphQLRequest, options: HTTPTransportOptions) -> Bool {
        request.operationType != .subscription && !(request.operationType == .query && (request.usesGET ?? options.usesGETForQueries))
    }

    /// The POST that carries `requests`: each request's parameters as it would send them alone,
    /// the first request's header fields, the shortest timeout.
    static func request(for requests: [GraphQLRequest], endpoint: URL, options: HTTPTransportOptions) -> GraphQLHTTPRequest {
        let elements = requests.map { request -> JSONValue in
            var body = JSONObject()
            for (name, value) in GraphQLHTTPEncoding.parameters(of: request) { body[name] = value }
            return .object(body)
        }
        let headers = HeaderField.merged(
            [
                HeaderField(name: "Accept", value: GraphQLHTTPEncoding.singleResultAccept),
                HeaderField(name: "Content-Type", value: "application/json"),
            ],
            options.headers,
            requests.first?.headers ?? []
        )
        let timeout = requests.compactMap(\.timeout).min() ?? options.timeout
        return GraphQLHTTPRequest(method: .post, url: endpoint, headers: headers, body: JSONValue.list(elements).serializedBytes(), timeout: timeout)
    }

    /// Sends `requests` as one POST and returns the answer's elements.
    /// - Throws: what the exchange threw (the client's error, a ``TransportError`` for a status
    ///   outside 2xx), or ``Failure/malformed(_:)`` for a body that is not a JSON array.
    static func send(
        _ requests: [GraphQLRequest], endpoint: URL, client: any GraphQLHTTPClient, options: HTTPTransportOptions
    ) async throws -> [JSONValue] {
        let exchange = GraphQLHTTPExchange(
            request(for: requests, endpoint: endpoint, options: options), client: client, options: options, deliversBodies: true)
        var answer: [JSONValue]?
        while let payload = try await exchange.next() {
            guard answer == nil else { continue }
            switch payload {
            case .body(let body, let parseOptions):
                let json: JSONValue
                do {
                    json = try JSONValue(parsing: body, options: parseOptions)
                } catch {
                    throw Failure.malformed(IngestError(.invalidJSON, "the batch's response body is not JSON: \(error)", parseError: error))
                }
                guard let list = json.listValue else {
                    throw Failure.malformed(IngestError(.notAResponse, "the batch's response is \(json.kindDescription), not a list of responses"))
                }
                answer = list
            case .response:
                throw Failure.malformed(IngestError(.notAResponse, "the batch's response is not a JSON list of responses"))
            }
        }
        guard let answer else { throw Failure.noResult }
        return answer
    }
}

extension GraphQLOverHTTP: BatchTransport {
    /// Whether `request` may go in a batch: not a query this transport sends by GET.
    /// - Parameter request: a query or mutation.
    public func canBatch(_ request: GraphQLRequest) -> Bool {
        GraphQLHTTPBatch.canBatch(request, options: options)
    }

    /// Sends `requests` as one JSON array in one POST.
    /// - Parameter requests: the operations, in order.
    /// - Returns: the answer's elements, in order.
    public func sendBatch(_ requests: [GraphQLRequest]) async throws -> [JSONValue] {
        try await GraphQLHTTPBatch.send(requests, endpoint: endpoint, client: client, options: options)
    }
}
