@_spi(Generated) @_spi(Transport) import BatonCore
import Foundation

/// Answers every request at once with one head and one body chunk: the HTTP transports' real
/// decoding over exact bytes, with no network.
struct CannedHTTPClient: GraphQLHTTPClient {
    let head: GraphQLHTTPResponseHead
    let body: [UInt8]

    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        AsyncThrowingStream { continuation in
            continuation.yield(.head(head))
            continuation.yield(.body(body))
            continuation.finish()
        }
    }

    /// A transport whose every exchange answers `body` as the reference server would (its head fields).
    static func transport(answering body: [UInt8]) -> GraphQLOverHTTP {
        let head = GraphQLHTTPResponseHead(
            statusCode: 200,
            headers: [
                HeaderField(name: "date", value: "Tue, 01 Dec 2026 17:00:00 GMT"),
                HeaderField(name: "server", value: "uvicorn"),
                HeaderField(name: "content-length", value: "\(body.count)"),
                HeaderField(name: "content-type", value: "application/graphql-response+json"),
            ])
        return GraphQLOverHTTP(endpoint: URL(string: "http://127.0.0.1:1/graphql")!, client: CannedHTTPClient(head: head, body: body))
    }
}
