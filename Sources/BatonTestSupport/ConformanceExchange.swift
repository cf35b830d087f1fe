@_spi(Transport) import BatonCore
import Foundation
import Synchronization

/// ``ConformanceServer``'s answers without a socket: a ``GraphQLHTTPClient`` that answers each
/// request in this process, with the same status codes, media types, bodies and timing.
///
/// It is for a transport that never opens a socket of its own, an in-memory transport that hands
/// its exchanges to a handler (a preview backend, a test double): give it this exchange as the
/// handler and run ``TransportConformance`` with ``baseURL`` as the server. It is a client of
/// BatonCore's transport SPI, and under this module's: `@_spi(Transport) import BatonTestSupport`.
///
/// ```swift
/// let suite = TransportConformance(serverURL: ConformanceExchange.baseURL) { endpoint in
///     MyInMemoryTransport(endpoint: endpoint, handler: ConformanceExchange.shared)
/// }
/// ```
///
/// Each request is answered on a thread of its own, so a slow answer blocks no task; cancelling
/// the consumer of a response ends its answer as a closed connection would.
@_spi(Transport) public struct ConformanceExchange: GraphQLHTTPClient {
    /// The URL the checks address: any host will do, only the path and query are read.
    public static let baseURL = URL(string: "http://conformance.in-memory") ?? URL(fileURLWithPath: "/")

    /// The exchange this process shares; its countdown bookkeeping spans every request.
    public static let shared = ConformanceExchange()

    private let countdowns = ConformanceCountdowns()

    /// An exchange with bookkeeping of its own.
    public init() {}

    /// Answers `request` as ``ConformanceServer`` would over HTTP/1.1.
    /// - Parameter request: the exchange; its URL's path and query choose the route.
    public func perform(_ request: GraphQLHTTPRequest) -> AsyncThrowingStream<GraphQLHTTPClientEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.makeStream()
        let responder = InMemoryResponder(continuation)
        continuation.onTermination = { _ in responder.clientWent() }
        let countdowns = countdowns
        let incoming = Self.incoming(request)
        Thread.detachNewThread {
            ConformanceAnswers(request: incoming, connection: responder, countdowns: countdowns).answer()
            responder.finish()
        }
        return stream
    }

    /// The request as the loopback server would have read it off the wire.
    private static func incoming(_ request: GraphQLHTTPRequest) -> LoopbackHTTPRequest {
        var target = request.url.path.isEmpty ? "/" : request.url.path
        if let query = request.url.query { target += "?" + query }
        let (path, query) = LoopbackHTTPRequestReader.split(target)
        return LoopbackHTTPRequest(
            method: request.method.rawValue, path: path, query: query,
            headers: request.headers.map { ($0.name, $0.value) }, body: request.body ?? [])
    }
}

/// Turns an answer's writes into client events: the head, then the body's bytes, then the end.
private final class InMemoryResponder: ConformanceResponder {
    private let continuation: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation
    private let isGone = Atomic(false)

    init(_ continuation: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.Continuation) {
        self.continuation = continuation
    }

    func clientWent() {
        isGone.store(true, ordering: .releasing)
    }

    func finish() {
        continuation.finish()
    }

    func pause(milliseconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline {
            if isGone.load(ordering: .acquiring) { return false }
            Thread.sleep(forTimeInterval: min(0.02, Double(milliseconds) / 1000))
        }
        return !isGone.load(ordering: .acquiring)
    }

    func respond(status: Int, contentType: String, body: [UInt8], headers: [(String, String)]) {
        guard yieldHead(status: status, contentType: contentType, headers: headers + [("Content-Length", "\(body.count)")]) else { return }
        if !body.isEmpty { _ = yield(.body(body)) }
    }

    func startChunks(status: Int, contentType: String, headers: [(String, String)]) -> Bool {
        yieldHead(status: status, contentType: contentType, headers: headers)
    }

    func chunk(_ bytes: [UInt8]) -> Bool {
        bytes.isEmpty ? !isGone.load(ordering: .acquiring) : yield(.body(bytes))
    }

    func endChunks() {
        finish()
    }

    private func yieldHead(status: Int, contentType: String, headers: [(String, String)]) -> Bool {
        let fields = [HeaderField(name: "Content-Type", value: contentType)] + headers.map { HeaderField(name: $0.0, value: $0.1) }
        return yield(.head(GraphQLHTTPResponseHead(statusCode: status, headers: fields)))
    }

    private func yield(_ event: GraphQLHTTPClientEvent) -> Bool {
        guard !isGone.load(ordering: .acquiring) else { return false }
        if case .terminated = continuation.yield(event) { return false }
        return true
    }
}
