/// One payload as a transport hands it to the executor: a parsed response, or the body of a
/// single response not yet parsed, for the normalizer to read straight from its bytes.
package enum ResponsePayload: Sendable {
    /// A response the transport parsed (a stream's part or event, a third party's response).
    case response(GraphQLResponse)
    /// The whole body of a single response, unparsed, with the limits to parse it under.
    case body([UInt8], JSONParseOptions)

    /// The payload as a response, parsed when it is a body.
    /// - Throws: ``Failure/malformed(_:)`` for a body that is not a GraphQL response.
    package func parsed() throws(Failure) -> GraphQLResponse {
        switch self {
        case .response(let response): return response
        case .body(let body, let options): return try GraphQLHTTPDecoder.response(body, parseOptions: options)
        }
    }
}

/// A transport that can hand a single response's body over unparsed (the built-in HTTP
/// transports): the environment then normalizes it from the bytes, with no parse tree.
///
/// Classifying the body is then the executor's: a body with errors and no data is not thrown by
/// the transport but parsed and classified by the executor, by the same rule
/// (``GraphQLResponse/resultFailure``).
package protocol PayloadTransport: Transport {
    /// Sends one operation and streams its payloads, a single response's as its body.
    func sendPayloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error>
}
