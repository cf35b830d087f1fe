import BatonCore

/// An ``HTTPClient`` that plays back a script of events, then finishes, throws or hangs,
/// and records the requests it was asked to perform and whether each stream was stopped.
final class ScriptedHTTPClient: HTTPClient {
    enum Ending: Sendable {
        case finish
        case fail(any Error & Sendable)
        /// Never finishes on its own: only the consumer going away ends it.
        case hang
    }

    let events: [HTTPClientEvent]
    let ending: Ending
    private let state = Locked<(requests: [HTTPRequest], terminations: Int)>(([], 0))

    init(_ events: [HTTPClientEvent], then ending: Ending = .finish) {
        self.events = events
        self.ending = ending
    }

    /// A client answering with one head and a body split into the given chunks.
    convenience init(status: Int, contentType: String?, chunks: [String], then ending: Ending = .finish) {
        let headers = contentType.map { [HTTPField(name: "Content-Type", value: $0)] } ?? []
        self.init([.head(HTTPResponseHead(statusCode: status, headers: headers))] + chunks.map { .body(Array($0.utf8)) }, then: ending)
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var terminations: Int { state.withLock { $0.terminations } }

    func perform(_ request: HTTPRequest) -> AsyncThrowingStream<HTTPClientEvent, any Error> {
        state.withLock { $0.requests.append(request) }
        let (stream, continuation) = AsyncThrowingStream<HTTPClientEvent, any Error>.makeStream()
        continuation.onTermination = { _ in self.state.withLock { $0.terminations += 1 } }
        for event in events { continuation.yield(event) }
        switch ending {
        case .finish: continuation.finish()
        case .fail(let error): continuation.finish(throwing: error)
        case .hang: break
        }
        return stream
    }
}
