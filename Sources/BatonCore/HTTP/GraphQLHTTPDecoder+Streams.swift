extension GraphQLHTTPDecoder {
    /// Reads multipart bytes: one payload per part (a `{}` part is a keep-alive and is skipped).
    /// The exchange is complete at the closing boundary or at a payload with `hasNext: false`.
    /// A first part without data fails as a single response would (``GraphQLResponse/resultFailure``).
    mutating func readParts(_ bytes: [UInt8], reader: inout MultipartMixedReader) -> Action {
        let parts: [MultipartPart]
        do {
            parts = try reader.read(bytes)
        } catch {
            return .fail([], Failure.malformed(IngestError(.notAResponse, "the multipart body is malformed: \(error)")))
        }
        var payloads: [GraphQLResponse] = []
        for part in parts {
            guard !Self.isHeartbeat(part.body) else { continue }
            if let type = part.headers[field: "Content-Type"], let mediaType = MediaType(type),
                mediaType.kind != .json, mediaType.kind != .graphQLResponse
            {
                return .fail(
                    payloads,
                    Failure.malformed(IngestError(.unsupportedMediaType, "a multipart part of media type \"\(type)\" is not a GraphQL response")))
            }
            let payload: GraphQLResponse
            do throws(Failure) {
                payload = try Self.response(part.body, parseOptions: parseOptions)
                do {
                    try payload.validateIncrementalMembers()
                } catch {
                    throw Failure.malformed(error)
                }
            } catch {
                return .fail(payloads, error)
            }
            // The first part is the result: errors without data fail it as a single response would.
            if !hasReadPayload, let failure = payload.resultFailure { return .fail(payloads, failure) }
            hasReadPayload = true
            payloads.append(payload)
            if payload.hasNext == false { return .finish(payloads) }
        }
        if reader.isClosed { return .finish(payloads) }
        if let limit = parseOptions.maximumBytes, reader.bufferedByteCount > limit {
            return .fail(payloads, Failure.malformed(Self.tooLarge(limit)))
        }
        state = .multipart(reader)
        return payloads.isEmpty ? .none : .emit(payloads)
    }

    /// Reads graphql-sse bytes (distinct connections mode): each `next` event is a payload,
    /// `complete` ends the stream, and a `next` of errors without `data` ends it with a request
    /// error (``GraphQLResponse/streamEndFailure``); `"data": null` beside errors is one event.
    mutating func readEvents(_ bytes: [UInt8], reader: inout ServerSentEventReader) -> Action {
        let events: [ServerSentEvent]
        do {
            events = try reader.read(bytes)
        } catch {
            return .fail([], Failure.malformed(IngestError(.notAResponse, "the event stream is malformed: \(error)")))
        }
        var payloads: [GraphQLResponse] = []
        for event in events {
            switch event.type {
            case "complete":
                return .finish(payloads)
            case "next", "message":
                let payload: GraphQLResponse
                do throws(Failure) {
                    payload = try Self.response(Array(event.data.utf8), parseOptions: parseOptions)
                } catch {
                    return .fail(payloads, error)
                }
                if let failure = payload.streamEndFailure { return .fail(payloads, failure) }
                payloads.append(payload)
            default:
                continue  // Other event types are not part of the protocol's stream.
            }
        }
        state = .eventStream(reader)
        return payloads.isEmpty ? .none : .emit(payloads)
    }

    /// The failure for a response outside 2xx: a request error when a `graphql-response+json`
    /// 4xx body is errors and no data, otherwise the status and the body as text.
    static func errorBodyFailure(
        status: Int, isGraphQLResponse: Bool, retryAfter: Duration?, body: [UInt8], parseOptions: JSONParseOptions
    ) -> any Error {
        if isGraphQLResponse, let response = try? Self.response(body, parseOptions: parseOptions),
            response.data?.isNull ?? true, !response.errors.isEmpty
        {
            return Failure.request(response.errors)
        }
        return TransportError(statusCode: status, body: String(decoding: body, as: UTF8.self), retryAfter: retryAfter)
    }

    /// An empty part or `{}`: sent by some servers to keep the connection alive.
    private static func isHeartbeat(_ body: [UInt8]) -> Bool {
        guard body.count <= 16 else { return false }
        let content = body.filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return content.isEmpty || content == [UInt8(ascii: "{"), UInt8(ascii: "}")]
    }
}
