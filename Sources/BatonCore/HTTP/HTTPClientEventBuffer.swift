/// The bounded queue between the thread that reads an HTTP response and the task that consumes
/// it, so a slow consumer of a large body makes the reading stop instead of the queue grow.
///
/// The producer (curl's loop thread, URLSession's delegate queue) appends events; once more than
/// ``limit`` body bytes wait, it is told to pause its transfer (curl: `CURL_WRITEFUNC_PAUSE`;
/// URLSession: suspend the task). When the consumer has taken enough that at most half the limit
/// waits, ``init(limit:defersWakeups:resume:)``'s `resume` is called, once per pause, from the
/// consumer's task, and the producer restarts its transfer.
///
/// A producer that reads many events in one pass (curl's `curl_multi_perform`) may defer waking
/// the consumer until the pass ends (``flush()``), so a small response's head, body and end reach
/// it in one wakeup instead of three.
package final class HTTPClientEventBuffer: Sendable {
    /// What happened to an event the producer offered.
    package enum Admission: Sendable, Equatable {
        /// Taken; keep reading.
        case taken
        /// Taken, and the buffer is now full: pause the transfer until `resume` is called.
        case takenPausing
        /// Not taken, since the buffer is full: pause the transfer and offer it again after
        /// `resume` (curl delivers the same bytes again when unpaused).
        case refused
        /// The consumer has gone: stop the transfer.
        case closed
    }

    private struct State {
        var events: [GraphQLHTTPClientEvent] = []
        /// Index of the next event to hand out; the array is compacted when it is drained.
        var head = 0
        var bufferedBytes = 0
        var isPaused = false
        var ending: Ending?
        var isClosed = false
        var waiter: UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>?
    }

    private enum Ending {
        case finished
        case failed(any Error)
    }

    /// How many body bytes may wait before the producer is paused.
    package let limit: Int
    private let defersWakeups: Bool
    private let resume: @Sendable () -> Void
    private let state = Locked(State())

    /// The default bound: 1 MiB of body bytes waiting for the consumer.
    package static let defaultLimit = 1 << 20

    /// - Parameters:
    ///   - limit: the most body bytes that may wait before the producer is paused.
    ///   - defersWakeups: whether the producer calls ``flush()`` after each batch of events,
    ///     rather than each event waking the consumer.
    ///   - resume: restarts a paused transfer; called from the consumer's task.
    package init(limit: Int = defaultLimit, defersWakeups: Bool = false, resume: @escaping @Sendable () -> Void) {
        self.limit = max(1, limit)
        self.defersWakeups = defersWakeups
        self.resume = resume
    }

    // MARK: - Producer

    /// Offers an event. A head is always taken; a body chunk is refused while the buffer is full
    /// when `refusingWhenFull` is set (the producer can hand it again later), and taken otherwise.
    package func offer(_ event: GraphQLHTTPClientEvent, refusingWhenFull: Bool) -> Admission {
        let (admission, waiter) = state.withLock { state -> (Admission, UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>?) in
            if state.isClosed { return (.closed, nil) }
            if state.ending != nil { return (.closed, nil) }
            var size = 0
            if case .body(let bytes) = event { size = bytes.count }
            if refusingWhenFull, size > 0, state.bufferedBytes >= limit {
                state.isPaused = true
                return (.refused, nil)
            }
            state.bufferedBytes += size
            let admission: Admission
            if state.bufferedBytes >= limit {
                state.isPaused = true
                admission = .takenPausing
            } else {
                admission = .taken
            }
            if let waiter = state.waiter, !defersWakeups {
                state.waiter = nil
                return (admission, waiter)
            }
            state.events.append(event)
            return (admission, nil)
        }
        waiter?.resume(returning: event)
        if waiter != nil, case .body(let bytes) = event { taken(bytes.count) }
        return admission
    }

    /// Wakes the consumer for events appended since the last wakeup (for a producer that defers them).
    package func flush() {
        let wakeup = state.withLock {
            state -> (UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>, Result<GraphQLHTTPClientEvent?, any Error>)? in
            // A waiting consumer found the queue empty; only an event wakes it here.
            guard state.head < state.events.count, let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, Self.take(&state))
        }
        guard let (waiter, result) = wakeup else { return }
        deliver(result, to: waiter)
    }

    /// Ends the events: the body is complete (`error` is `nil`) or the exchange failed. Wakes the
    /// consumer at once, with whatever events are still queued before the end.
    package func finish(throwing error: (any Error)? = nil) {
        let wakeup = state.withLock {
            state -> (UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>, Result<GraphQLHTTPClientEvent?, any Error>)? in
            guard state.ending == nil, !state.isClosed else { return nil }
            state.ending = error.map(Ending.failed) ?? .finished
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            return (waiter, Self.take(&state))
        }
        guard let (waiter, result) = wakeup else { return }
        deliver(result, to: waiter)
    }

    // MARK: - Consumer

    /// The next event; `nil` once the body is complete.
    /// - Throws: the producer's error after the events before it, or `CancellationError` when the
    ///   calling task is cancelled while it waits.
    package func next() async throws -> GraphQLHTTPClientEvent? {
        let ready = state.withLock { state -> Result<GraphQLHTTPClientEvent?, any Error>? in
            if state.head < state.events.count || state.ending != nil || state.isClosed { return Self.take(&state) }
            return nil
        }
        if let ready { return try settle(ready) }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (waiter: UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>) in
                let ready = state.withLock { state -> Result<GraphQLHTTPClientEvent?, any Error>? in
                    if state.head < state.events.count || state.ending != nil || state.isClosed { return Self.take(&state) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiter = waiter
                    return nil
                }
                if let ready { deliver(ready, to: waiter) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// The consumer has gone: later offers are refused with ``Admission/closed``, and what waits is dropped.
    /// - Returns: whether the producer had not finished, so its transfer must be stopped.
    @discardableResult
    package func close() -> Bool {
        let (wasRunning, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>?) in
            let wasRunning = !state.isClosed && state.ending == nil
            state.isClosed = true
            state.events = []
            state.head = 0
            state.bufferedBytes = 0
            defer { state.waiter = nil }
            return (wasRunning, state.waiter)
        }
        waiter?.resume(returning: nil)
        return wasRunning
    }

    /// Whether the producer was told to pause and has not been resumed yet.
    package var isProducerPaused: Bool {
        state.withLock { $0.isPaused }
    }

    /// How many body bytes wait for the consumer now.
    package var bufferedByteCount: Int {
        state.withLock { $0.bufferedBytes }
    }

    /// How many events the queue's storage holds, taken ones not yet dropped included.
    var queuedEventCount: Int {
        state.withLock { $0.events.count }
    }

    // MARK: - Private

    /// Takes the next event or the ending, under the lock. The byte count is lowered later, by
    /// ``taken(_:)``, outside it, since that may call `resume`.
    private static func take(_ state: inout State) -> Result<GraphQLHTTPClientEvent?, any Error> {
        if state.head < state.events.count {
            let event = state.events[state.head]
            state.head += 1
            if state.head == state.events.count {
                state.events.removeAll(keepingCapacity: state.events.capacity <= 64)
                state.head = 0
            } else if state.head >= 16, state.head * 2 >= state.events.count {
                // Events taken must not stay referenced while the producer keeps the queue from
                // ever draining: drop them once they are half of it.
                state.events.removeFirst(state.head)
                state.head = 0
            }
            return .success(event)
        }
        if state.isClosed { return .success(nil) }
        switch state.ending {
        case .finished?, nil:
            return .success(nil)
        case .failed(let error)?:
            // Thrown once; the stream is over after it.
            state.ending = .finished
            return .failure(error)
        }
    }

    private func settle(_ result: Result<GraphQLHTTPClientEvent?, any Error>) throws -> GraphQLHTTPClientEvent? {
        let event = try result.get()
        if case .body(let bytes)? = event { taken(bytes.count) }
        return event
    }

    private func deliver(
        _ result: Result<GraphQLHTTPClientEvent?, any Error>,
        to waiter: UnsafeContinuation<GraphQLHTTPClientEvent?, any Error>
    ) {
        if case .success(.body(let bytes)?) = result { taken(bytes.count) }
        waiter.resume(with: result)
    }

    /// Lowers the count of waiting bytes; resumes a paused producer once at most half the limit waits.
    private func taken(_ size: Int) {
        guard size > 0 else { return }
        let resumes = state.withLock { state -> Bool in
            state.bufferedBytes = max(0, state.bufferedBytes - size)
            guard state.isPaused, state.bufferedBytes <= limit / 2, !state.isClosed else { return false }
            state.isPaused = false
            return true
        }
        if resumes { resume() }
    }
}
