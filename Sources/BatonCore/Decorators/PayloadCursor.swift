/// A stream of payloads read on demand from whichever attempt a decorator settled on: `open`
/// makes attempts until one is kept and returns its first payload with the rest of its stream,
/// which is then read one payload per pull, so a slow consumer still holds a bounded amount.
///
/// `AsyncThrowingStream(unfolding:)` calls its closure again only after the previous call
/// returned, so the cursor is never used from two tasks at once; that is why it may hold the
/// (non-`Sendable`) iterator.
final class PayloadCursor: @unchecked Sendable {
    typealias Payloads = AsyncThrowingStream<ResponsePayload, any Error>

    /// The attempt kept: its first payload (`nil` when its stream ended without one) and the rest.
    struct Opened {
        var first: ResponsePayload?
        var rest: Payloads.AsyncIterator?
    }

    private let open: @Sendable () async throws -> Opened
    private var rest: Payloads.AsyncIterator?
    private var opened = false

    private init(open: @escaping @Sendable () async throws -> Opened) {
        self.open = open
    }

    /// The payloads of the attempt `open` keeps. Releasing the stream releases that attempt's.
    static func stream(open: @escaping @Sendable () async throws -> Opened) -> Payloads {
        let cursor = PayloadCursor(open: open)
        return Payloads(unfolding: { try await cursor.next() })
    }

    private func next() async throws -> ResponsePayload? {
        if opened { return try await rest?.next() }
        opened = true
        let kept = try await open()
        rest = kept.rest
        return kept.first
    }
}

extension Transport {
    /// `request`'s payloads from this transport: a single response's body unparsed when it can
    /// hand one over (``PayloadTransport``), otherwise each parsed response.
    package func payloads(_ request: GraphQLRequest) -> AsyncThrowingStream<ResponsePayload, any Error> {
        if let transport = self as? any PayloadTransport { return transport.sendPayloads(request) }
        let responses = ResponseCursor(send(request))
        return AsyncThrowingStream(unfolding: { try await responses.next().map(ResponsePayload.response) })
    }

    /// One attempt at `request`: its first payload, and the rest of its stream to read on.
    func firstPayload(_ request: GraphQLRequest) async throws -> PayloadCursor.Opened {
        var iterator = payloads(request).makeAsyncIterator()
        let first = try await iterator.next()
        return PayloadCursor.Opened(first: first, rest: iterator)
    }
}

extension PayloadTransport {
    /// The payloads of ``PayloadTransport/sendPayloads(_:)`` as responses, for `send`: bodies
    /// parsed, and a single body of errors without data thrown as the HTTP transports throw it.
    func responses(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let payloads = PayloadIterator(sendPayloads(request))
        return AsyncThrowingStream(unfolding: {
            guard let payload = try await payloads.next() else { return nil }
            let response = try payload.parsed()
            if case .body = payload, let failure = response.resultFailure { throw failure }
            return response
        })
    }
}

/// A response stream's iterator, read by one unfolding stream (see ``PayloadCursor``).
private final class ResponseCursor: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<GraphQLResponse, any Error>.AsyncIterator

    init(_ stream: AsyncThrowingStream<GraphQLResponse, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async throws -> GraphQLResponse? { try await iterator.next() }
}

/// A payload stream's iterator, read by one unfolding stream (see ``PayloadCursor``).
private final class PayloadIterator: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<ResponsePayload, any Error>.AsyncIterator

    init(_ stream: AsyncThrowingStream<ResponsePayload, any Error>) {
        iterator = stream.makeAsyncIterator()
    }

    func next() async throws -> ResponsePayload? { try await iterator.next() }
}
