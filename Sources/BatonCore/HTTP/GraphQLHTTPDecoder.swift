/// Turns what an ``GraphQLHTTPClient`` reports into GraphQL responses, or into the failure the exchange
/// ended with (GraphQL over HTTP §6 "Response", the incremental delivery proposal's
/// `multipart/mixed`, graphql-sse's distinct connections mode).
///
/// A state machine: the caller feeds it the client's events and performs the ``Action`` each one
/// returns. The head decides how the body is read:
///
/// | status | media type | body is read as |
/// |---|---|---|
/// | 1xx | any | an interim response: skipped, the final head follows |
/// | 2xx | `application/graphql-response+json`, `application/json`, `+json`, none | one response |
/// | 2xx | `multipart/mixed; boundary=…` | incremental delivery, a payload per part |
/// | 2xx | `text/event-stream` | graphql-sse: `next` payloads until `complete` |
/// | 2xx | anything else | malformed, `unsupportedMediaType` |
/// | 4xx | `application/graphql-response+json` | errors and no data: a request error; otherwise as below |
/// | other | any | ``TransportError`` with the status and the body as text |
struct GraphQLHTTPDecoder {
    /// What the caller does next.
    enum Action {
        /// Nothing yet.
        case none
        /// Deliver these payloads.
        case emit([GraphQLResponse])
        /// Deliver these payloads, then finish the stream: the exchange is complete.
        case finish([GraphQLResponse])
        /// Deliver these payloads, then end the stream with `error` and stop the client.
        case fail([GraphQLResponse], any Error)
        /// Deliver this single response's body unparsed, then finish the stream.
        case finishBody([UInt8])
    }

    /// Where the exchange is; the stream readers in GraphQLHTTPDecoder+Streams.swift put theirs back.
    enum State {
        case awaitingHead
        case single(body: [UInt8])
        case errorBody(status: Int, isGraphQLResponse: Bool, retryAfter: Duration?, body: [UInt8])
        case multipart(MultipartMixedReader)
        case eventStream(ServerSentEventReader)
        case done
    }

    var state: State = .awaitingHead
    /// Whether a payload was read already: the first one of a stream stands for the whole result.
    var hasReadPayload = false
    let parseOptions: JSONParseOptions
    /// Whether a single response's body is handed over unparsed (``Action/finishBody(_:)``), for
    /// the executor to normalize from its bytes and classify.
    let deliversBodies: Bool

    init(parseOptions: JSONParseOptions = .init(), deliversBodies: Bool = false) {
        self.parseOptions = parseOptions
        self.deliversBodies = deliversBodies
    }

    /// Whether the final head has not come yet.
    var isAwaitingHead: Bool {
        if case .awaitingHead = state { return true }
        return false
    }

    /// Reads the client's next event.
    mutating func received(_ event: GraphQLHTTPClientEvent) -> Action {
        switch (event, state) {
        case (_, .done):
            return .none
        case (.head(let head), .awaitingHead):
            // Interim 1xx heads come before the final one (RFC 9110 §15.2); a client may pass them on.
            if (100...199).contains(head.statusCode) { return .none }
            return begin(head)
        case (.head, _):
            // A head after the final one (an interim one passed on late) changes nothing.
            return .none
        case (.body, .awaitingHead):
            return end(.fail([], TransportError(statusCode: 0, body: "the HTTP client sent body bytes before the response head")))
        case (.body(let bytes), .single(var body)):
            state = .done
            // The first chunk is adopted rather than copied when no room was reserved for the body.
            if body.isEmpty, body.capacity < bytes.count { body = bytes } else { body.append(contentsOf: bytes) }
            if let limit = parseOptions.maximumBytes, body.count > limit {
                return end(.fail([], Failure.malformed(Self.tooLarge(limit))))
            }
            state = .single(body: body)
            return .none
        case (.body(let bytes), .errorBody(let status, let isGraphQLResponse, let retryAfter, var body)):
            state = .done
            body.append(contentsOf: bytes)
            if let limit = parseOptions.maximumBytes, body.count > limit {
                // Too long to read as errors; the status alone decides, with the body's start as its text.
                return end(
                    .fail(
                        [], TransportError(statusCode: status, body: String(decoding: body.prefix(limit), as: UTF8.self), retryAfter: retryAfter)))
            }
            state = .errorBody(status: status, isGraphQLResponse: isGraphQLResponse, retryAfter: retryAfter, body: body)
            return .none
        case (.body(let bytes), .multipart(var reader)):
            state = .done
            return readParts(bytes, reader: &reader)
        case (.body(let bytes), .eventStream(var reader)):
            state = .done
            return readEvents(bytes, reader: &reader)
        }
    }

    /// The client's stream finished without an error: the body is complete.
    mutating func finished() -> Action {
        let current = state
        state = .done
        switch current {
        case .done:
            return .none
        case .awaitingHead:
            return .fail([], TransportError(statusCode: 0, body: "the HTTP client finished without a response"))
        case .single(let body):
            if deliversBodies { return .finishBody(body) }
            do throws(Failure) {
                let response = try Self.response(body, parseOptions: parseOptions)
                if let failure = response.resultFailure { return .fail([], failure) }
                return .finish([response])
            } catch {
                return .fail([], error)
            }
        case .errorBody(let status, let isGraphQLResponse, let retryAfter, let body):
            return .fail(
                [],
                Self.errorBodyFailure(
                    status: status, isGraphQLResponse: isGraphQLResponse, retryAfter: retryAfter, body: body, parseOptions: parseOptions))
        case .multipart(let reader):
            if reader.isClosed { return .finish([]) }
            return .fail(
                [],
                Failure.malformed(
                    IngestError(
                        .truncated, "the multipart body ended before its closing boundary and before a payload with \"hasNext\": false")))
        case .eventStream:
            return .fail([], Failure.malformed(IngestError(.truncated, "the event stream ended without a \"complete\" event")))
        }
    }

    private mutating func begin(_ head: GraphQLHTTPResponseHead) -> Action {
        let contentType = head.headers[field: "Content-Type"]
        let mediaType = contentType.flatMap(MediaType.init)
        guard (200...299).contains(head.statusCode) else {
            let isGraphQLResponse = mediaType?.kind == .graphQLResponse && (400...499).contains(head.statusCode)
            let retryAfter = head.headers[field: "Retry-After"].flatMap { RetryAfter.delay($0) }
            state = .errorBody(status: head.statusCode, isGraphQLResponse: isGraphQLResponse, retryAfter: retryAfter, body: [])
            return .none
        }
        // A server that names no media type gets the benefit of the doubt (GraphQL over HTTP
        // §6.4.1 lets a client read such a body as `application/json`).
        switch mediaType?.kind ?? .json {
        case .graphQLResponse, .json:
            var body: [UInt8] = []
            body.reserveCapacity(Self.expectedBodySize(head, limit: parseOptions.maximumBytes))
            state = .single(body: body)
        case .multipartMixed:
            guard let boundary = mediaType?.parameter("boundary"), !boundary.isEmpty else {
                return end(
                    .fail([], Failure.malformed(IngestError(.unsupportedMediaType, "a multipart/mixed response without a boundary parameter"))))
            }
            state = .multipart(MultipartMixedReader(boundary: boundary, maximumPartBytes: streamLimit))
        case .eventStream:
            state = .eventStream(ServerSentEventReader(maximumBytes: streamLimit))
        case .other:
            let shown = contentType ?? ""
            return end(
                .fail(
                    [],
                    Failure.malformed(
                        IngestError(.unsupportedMediaType, "a \(head.statusCode) response of media type \"\(shown)\" is not a GraphQL response"))))
        }
        return .none
    }

    /// The most a stream reader buffers for one part, line or event: the readers' default, or the
    /// parse options' size limit when that is larger. A smaller size limit still holds: it is
    /// checked against what the multipart reader holds, and against each payload when it is parsed.
    private var streamLimit: Int {
        max(MultipartMixedReader.defaultMaximumPartBytes, parseOptions.maximumBytes ?? 0)
    }

    /// Room to reserve for a body read whole: its `Content-Length`, so the chunks are copied once
    /// into one buffer instead of into one that keeps growing. Bounded, since the field is the
    /// server's word: by the size limit when there is one, and by ``largestReservation``.
    static func expectedBodySize(_ head: GraphQLHTTPResponseHead, limit: Int?) -> Int {
        guard let field = head.headers[field: "Content-Length"], let length = Int(field), length > 0 else { return 0 }
        return min(length, limit.map { $0 + 1 } ?? Int.max, largestReservation)
    }

    /// The most reserved up front for one body; a longer body grows past it as it arrives.
    static let largestReservation = 64 << 20

    private mutating func end(_ action: Action) -> Action {
        state = .done
        return action
    }

    /// Reads one whole body as a response.
    static func response(_ body: [UInt8], parseOptions: JSONParseOptions) throws(Failure) -> GraphQLResponse {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body, options: parseOptions)
        } catch {
            throw Failure.malformed(IngestError(.invalidJSON, "the response body is not JSON: \(error)", parseError: error))
        }
        do {
            return try GraphQLResponse(json: json)
        } catch {
            throw Failure.malformed(error)
        }
    }

    static func tooLarge(_ limit: Int) -> IngestError {
        let parseError = JSONParseError(code: .tooLarge, message: "the body is larger than \(limit) bytes", offset: limit, line: 1, column: limit + 1)
        return IngestError(.invalidJSON, "a response body or part is larger than \(limit) bytes", parseError: parseError)
    }
}
