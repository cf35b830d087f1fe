/// One operation's exchange over an ``GraphQLHTTPClient``, read on demand: each call of
/// ``next()`` pulls the client's events through the decoder until a payload is ready, so the
/// client reads no further than its bounded buffer while the consumer works on a payload.
///
/// Runs in the consumer's task (no task of its own), which also saves a hand-off per payload.
/// Redirects are followed here (``HTTPRedirect``): the client's stream for the 3xx is dropped,
/// which stops its transfer, and the request is sent again.
///
/// `next()` is called by one consumer at a time (the stream's iterator), which is what makes the
/// unsynchronized state safe.
final class GraphQLHTTPExchange: @unchecked Sendable {
    private let client: any GraphQLHTTPClient
    private var decoder: GraphQLHTTPDecoder
    private var current: GraphQLHTTPRequest
    private var redirectsLeft: Int
    private var events: AsyncThrowingStream<GraphQLHTTPClientEvent, any Error>.AsyncIterator?
    /// Payloads decoded but not yet handed out (one chunk can complete several parts).
    private var ready: [ResponsePayload] = []
    private var readyIndex = 0
    /// The exchange's end, reported after the ready payloads: `nil` while it runs.
    private var ending: Result<Void, any Error>?
    private var hasStarted = false

    init(_ request: GraphQLHTTPRequest, client: any GraphQLHTTPClient, options: HTTPTransportOptions, deliversBodies: Bool) {
        self.client = client
        decoder = GraphQLHTTPDecoder(parseOptions: options.parseOptions, deliversBodies: deliversBodies)
        current = request
        redirectsLeft = options.followsRedirects ? max(0, options.maximumRedirects) : 0
    }

    /// The next payload; `nil` when the exchange is complete or the consumer's task was cancelled.
    /// - Throws: a ``Failure`` for a request error or an unreadable body, a ``TransportError`` for
    ///   a status outside 2xx, or the client's own error, unchanged.
    func next() async throws -> ResponsePayload? {
        while true {
            if readyIndex < ready.count {
                let payload = ready[readyIndex]
                readyIndex += 1
                if readyIndex == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    readyIndex = 0
                }
                return payload
            }
            if let ending {
                self.ending = .success(())
                events = nil
                try ending.get()
                return nil
            }
            if Task.isCancelled { return stop() }
            await pull()
        }
    }

    /// Reads client events until the decoder has payloads or the exchange ends.
    private func pull() async {
        if !hasStarted {
            hasStarted = true
            events = client.perform(current).makeAsyncIterator()
        }
        do {
            guard let event = try await events?.next() else {
                if Task.isCancelled {
                    _ = stop()
                    return
                }
                perform(decoder.finished())
                return
            }
            if redirectsLeft > 0, decoder.isAwaitingHead, case .head(let head) = event,
                let next = HTTPRedirect.request(after: head, to: current)
            {
                // Dropping the client's stream stops its transfer.
                events = nil
                current = next
                redirectsLeft -= 1
                events = client.perform(current).makeAsyncIterator()
                return
            }
            perform(decoder.received(event))
        } catch {
            if Task.isCancelled {
                _ = stop()
                return
            }
            events = nil
            ending = .failure(error)
        }
    }

    private func perform(_ action: GraphQLHTTPDecoder.Action) {
        switch action {
        case .none:
            return
        case .emit(let payloads):
            ready.append(contentsOf: payloads.map(ResponsePayload.response))
        case .finish(let payloads):
            ready.append(contentsOf: payloads.map(ResponsePayload.response))
            events = nil
            ending = .success(())
        case .finishBody(let body):
            ready.append(.body(body, decoder.parseOptions))
            events = nil
            ending = .success(())
        case .fail(let payloads, let error):
            ready.append(contentsOf: payloads.map(ResponsePayload.response))
            events = nil
            ending = .failure(error)
        }
    }

    /// Ends the exchange for a cancelled consumer: the client's stream is dropped, which stops its transfer.
    private func stop() -> ResponsePayload? {
        events = nil
        ready = []
        readyIndex = 0
        ending = .success(())
        return nil
    }
}
