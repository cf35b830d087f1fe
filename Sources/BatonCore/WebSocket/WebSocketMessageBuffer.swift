/// The bounded queue of one WebSocket operation's payloads, between the thread that reads the
/// connection and the task that consumes them, so a fast subscription with a slow consumer makes
/// the reading stop instead of the queue grow.
///
/// The reader offers each payload; once ``limit`` wait, ``isFull`` is set and the reader stops
/// reading the socket (every operation on the connection waits then: they share it, and the
/// kernel's window closes the server's sending). When the consumer has taken the queue down to
/// half the limit, `resume` is called, once per time it was full, from the consumer's task, and
/// the reader reads again.
package final class WebSocketMessageBuffer: Sendable {
    private struct State {
        var payloads: [GraphQLResponse] = []
        /// Index of the next payload to hand out; the array is compacted when it is drained.
        var head = 0
        var wasFull = false
        var ending: Result<Void, any Error>?
        var isClosed = false
        var waiter: UnsafeContinuation<GraphQLResponse?, any Error>?

        var count: Int { payloads.count - head }
    }

    /// How many payloads may wait before the reader stops.
    package let limit: Int
    private let resume: @Sendable () -> Void
    private let state = Locked(State())

    /// The default bound: 16 payloads waiting for the consumer.
    package static let defaultLimit = 16

    /// - Parameters:
    ///   - limit: how many payloads may wait before the reader stops reading.
    ///   - resume: called from the consumer's task when a full buffer has room again.
    package init(limit: Int = defaultLimit, resume: @escaping @Sendable () -> Void) {
        self.limit = max(1, limit)
        self.resume = resume
    }

    // MARK: - Reader

    /// Queues a payload, or hands it to a waiting consumer. Never refused: the reader stops
    /// reading once ``isFull``, and what it had already read still arrives.
    /// - Returns: whether the buffer is full now, so the reader must stop reading.
    @discardableResult
    package func offer(_ payload: GraphQLResponse) -> Bool {
        let (full, waiter) = state.withLock { state -> (Bool, UnsafeContinuation<GraphQLResponse?, any Error>?) in
            guard !state.isClosed, state.ending == nil else { return (false, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (false, waiter)
            }
            state.payloads.append(payload)
            if state.count >= limit { state.wasFull = true }
            return (state.wasFull, nil)
        }
        waiter?.resume(returning: payload)
        return full
    }

    /// Ends the payloads: the operation completed (`error` is `nil`) or failed. The consumer gets
    /// the payloads still queued first.
    package func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> UnsafeContinuation<GraphQLResponse?, any Error>? in
            guard state.ending == nil, !state.isClosed else { return nil }
            state.wasFull = false
            // A waiting consumer has an empty queue: it gets the end now, and only once.
            state.ending = state.waiter != nil ? .success(()) : error.map { .failure($0) } ?? .success(())
            defer { state.waiter = nil }
            return state.waiter
        }
        guard let waiter else { return }
        if let error { waiter.resume(throwing: error) } else { waiter.resume(returning: nil) }
    }

    /// Whether the reader must not read for this operation now: the consumer is behind.
    package var isFull: Bool {
        state.withLock { $0.wasFull }
    }

    /// How many payloads wait for the consumer.
    package var depth: Int {
        state.withLock { $0.count }
    }

    // MARK: - Consumer

    /// The next payload; `nil` once the operation completed.
    /// - Throws: the operation's error after the payloads before it, or `CancellationError` when
    ///   the calling task is cancelled while it waits.
    package func next() async throws -> GraphQLResponse? {
        if let ready = state.withLock({ Self.take(&$0) }) {
            resumeIfDrained()
            return try ready.get()
        }
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (waiter: UnsafeContinuation<GraphQLResponse?, any Error>) in
                let ready = state.withLock { state -> Result<GraphQLResponse?, any Error>? in
                    if let ready = Self.take(&state) { return ready }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiter = waiter
                    return nil
                }
                guard let ready else { return }
                resumeIfDrained()
                waiter.resume(with: ready)
            }
        } onCancel: {
            let waiter = state.withLock { state -> UnsafeContinuation<GraphQLResponse?, any Error>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    /// The consumer has gone: later payloads are dropped.
    /// - Returns: whether the operation had not ended, so it must be stopped.
    @discardableResult
    package func close() -> Bool {
        let (wasRunning, wasFull, waiter) = state.withLock {
            state -> (Bool, Bool, UnsafeContinuation<GraphQLResponse?, any Error>?) in
            let wasRunning = !state.isClosed && state.ending == nil
            let wasFull = state.wasFull
            state.isClosed = true
            state.payloads = []
            state.head = 0
            state.wasFull = false
            defer { state.waiter = nil }
            return (wasRunning, wasFull, state.waiter)
        }
        waiter?.resume(returning: nil)
        // A reader stopped for this operation reads again, for the others.
        if wasFull { resume() }
        return wasRunning
    }

    // MARK: - Private

    /// The next payload or the ending, under the lock; `nil` when the consumer must wait.
    private static func take(_ state: inout State) -> Result<GraphQLResponse?, any Error>? {
        if state.head < state.payloads.count {
            let payload = state.payloads[state.head]
            state.head += 1
            if state.head == state.payloads.count {
                state.payloads.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 16, state.head * 2 >= state.payloads.count {
                // A reader that refills before the queue drains must not keep taken payloads alive.
                state.payloads.removeFirst(state.head)
                state.head = 0
            }
            return .success(payload)
        }
        if state.isClosed { return .success(nil) }
        switch state.ending {
        case nil:
            return nil
        case .success?:
            return .success(nil)
        case .failure(let error)?:
            // Thrown once; the stream is over after it.
            state.ending = .success(())
            return .failure(error)
        }
    }

    /// Resumes a full reader once the queue is down to half the limit.
    private func resumeIfDrained() {
        let resumes = state.withLock { state -> Bool in
            guard state.wasFull, state.count <= limit / 2 else { return false }
            state.wasFull = false
            return true
        }
        if resumes { resume() }
    }
}
