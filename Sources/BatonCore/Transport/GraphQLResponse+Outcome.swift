/// What a payload means for the fetch or the stream it arrived in, decided in one place for every
/// transport (docs/Failures.md, "Which is which").
extension GraphQLResponse {
    /// The failure of a payload that stands for a whole result (a single response, or the first
    /// payload of an incremental one): `nil` when it has data.
    ///
    /// - `data` absent or `null`, with errors: a request error carrying them (GraphQL spec §7.1.2;
    ///   a `null` that propagated to the root leaves nothing to show or store either).
    /// - `data` absent or `null`, without errors: malformed, since it explains nothing.
    package var resultFailure: Failure? {
        if let data, !data.isNull { return nil }
        if !errors.isEmpty { return .request(errors) }
        let found = data == nil ? "neither \"data\" nor \"errors\"" : "\"data\": null and no \"errors\""
        return .malformed(IngestError(.notAResponse, "the response has \(found), so it explains nothing"))
    }

    /// The failure that ends a stream (a subscription's events) at this payload: `nil` for an
    /// event to deliver.
    ///
    /// Only errors without a `data` member end it, as a request error. `"data": null` beside
    /// errors is one event that failed at its root (a non-null root field, graphql-transport-ws
    /// and graphql-sse send it and go on); a payload with no `data` and no errors is an
    /// incremental delivery payload.
    package var streamEndFailure: Failure? {
        data == nil && !errors.isEmpty ? .request(errors) : nil
    }
}

extension Failure {
    /// The failure of a single result's stream that ended before its first payload: the
    /// caller's own cancellation, or else a transport that finished without a response
    /// (malformed, truncated).
    package static var noResult: Failure {
        // A stream cut short by the caller's own cancellation is not a malformed response.
        if Task.isCancelled { return .transport(CancellationError()) }
        return .malformed(IngestError(.truncated, "the transport finished without a response"))
    }
}
