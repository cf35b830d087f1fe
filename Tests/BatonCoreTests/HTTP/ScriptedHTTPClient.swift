@_spi(Transport) import BatonCore

/// An ``GraphQLHTTPClient`` that plays back a script of events, then finishes, throws or hangs,
/// and records the requests it was asked to perform and whether each stream was stopped.
final class ScriptedHTTPClient: GraphQLHTTPClient {
    enum Ending: Sendable {
        case finish
        case fail(any Error & Sendable)
        /// Never finishes on its own: only the consumer going away ends it.
        case hang
    }

    /// The events of each exchange in turn; the last is played again for every later exchange.
    let scripts: [[GraphQLHTTPClientEvent]]
    let ending: Ending
    private let state = Locked<(requests: [GraphQLHTTPRequest], terminations: Int)>(([], 0))

    convenience init(_ events: [GraphQLHTTPClientEvent], then ending: Ending = .finish) {
        self.init(exchanges: [events], then: ending)
    }

    /// A client answering its first request with the first script, the second with the second, ….
    init(exchanges: [[GraphQLHTTPClientEvent]], then ending: Ending = .finish) {
        scripts = exchanges
        self.ending = ending
    }

    /// A client answering with one head and a body split into the given chunks.
    convenience init(status: Int, contentType: String?, chunks: [String], then ending: Ending = .finish) {
        let headers = contentType.map { [HeaderField(name: "Content-Type", value: $0)] } ?? []
        self.init([.head(GraphQLHTTPResponseHead(statusCode: status, headers: headers))] + chunks.map { .body(Array($0.utf8)) }, then: ending)
    }

    var requests: [GraphQLHTTPRequest] { state.withLock { $0.requests } }
    var terminations: Int { state.withLock { $0.terminations } }

    func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let index = state.withLock { state in
            state.requests.append(request)
            return state.requests.count - 1
        }
        let (stream, continuation) = AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.makeStream()
        continuation.onTermination = { _ in self.state.withLock { $0.terminations += 1 } }
        for event in scripts.isEmpty ? [] : scripts[min(index, scripts.count - 1)] { continuation.yield(event) }
        switch ending {
        case .finish: continuation.finish()
        case .fail(let error): continuation.finish(throwing: error)
        case .hang: break
        }
        return stream
    }
}
