/// The batches a ``BatchingTransport`` is filling: requests wait here, grouped by what their
/// batch's request shares (header fields, timeout), until the window passes or the batch is full.
final class BatchQueue: Sendable {
    let batcher: (any BatchTransport)?
    let maxSize: Int
    let window: Duration
    private let events: any EventSink
    private let state = Locked(State())

    private struct Key: Hashable {
        var headers: [HeaderField]
        var timeout: Duration?
    }

    private struct Filling {
        var waiters: [BatchWaiter]
        var generation: Int
    }

    private struct State {
        var filling: [Key: Filling] = [:]
        var generations = 0
    }

    init(_ batcher: (any BatchTransport)?, maxSize: Int, window: Duration, events: any EventSink) {
        self.batcher = batcher
        self.maxSize = maxSize
        self.window = window
        self.events = events
    }

    /// Puts `request` in a batch and returns its element of the batch's answer.
    /// - Throws: what failed the batch, unchanged; ``Failure/malformed(_:)`` when the answer has
    ///   not one element per request; `CancellationError` when the caller's task was cancelled.
    func submit(_ request: GraphQLRequest) async throws -> JSONValue {
        let waiter = BatchWaiter(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if waiter.wait(continuation) { enqueue(waiter) }
            }
        } onCancel: {
            withdraw(waiter)
            waiter.finish(.failure(CancellationError()))
        }
    }

    private func enqueue(_ waiter: BatchWaiter) {
        let key = Key(headers: waiter.request.headers, timeout: waiter.request.timeout)
        enum Next {
            case none
            case send([BatchWaiter])
            case startWindow(Int)
        }
        let next = state.withLock { state -> Next in
            var filling = state.filling[key] ?? Filling(waiters: [], generation: 0)
            filling.waiters.append(waiter)
            if filling.waiters.count >= maxSize {
                state.filling[key] = nil
                return .send(filling.waiters)
            }
            if filling.waiters.count == 1 {
                state.generations += 1
                filling.generation = state.generations
                state.filling[key] = filling
                return .startWindow(filling.generation)
            }
            state.filling[key] = filling
            return .none
        }
        switch next {
        case .none: return
        case .send(let waiters): send(waiters)
        case .startWindow(let generation):
            Task { [window] in
                try? await Task.sleep(for: window)
                let waiters = state.withLock { state -> [BatchWaiter] in
                    guard let filling = state.filling[key], filling.generation == generation else { return [] }
                    state.filling[key] = nil
                    return filling.waiters
                }
                send(waiters)
            }
        }
    }

    /// Takes `waiter` out of the batch it waits in, if that batch is not sent yet.
    private func withdraw(_ waiter: BatchWaiter) {
        state.withLock { state in
            for (key, var filling) in state.filling {
                guard let index = filling.waiters.firstIndex(where: { $0 === waiter }) else { continue }
                filling.waiters.remove(at: index)
                state.filling[key] = filling.waiters.isEmpty ? nil : filling
                return
            }
        }
    }

    private func send(_ waiters: [BatchWaiter]) {
        guard let batcher, !waiters.isEmpty else { return }
        events.receive(Event(.batchSent(size: waiters.count)))
        Task {
            do {
                let answer = try await batcher.sendBatch(waiters.map(\.request))
                guard answer.count == waiters.count else {
                    let error = IngestError(
                        .notAResponse, "a batch of \(waiters.count) requests was answered with \(answer.count) responses")
                    for waiter in waiters { waiter.finish(.failure(Failure.malformed(error))) }
                    return
                }
                for (waiter, element) in zip(waiters, answer) { waiter.finish(.success(element)) }
            } catch {
                for waiter in waiters { waiter.finish(.failure(error)) }
            }
        }
    }
}

/// One request waiting for its batch's answer; finished once, by the answer or by cancellation.
final class BatchWaiter: Sendable {
    let request: GraphQLRequest
    private let state = Locked<(continuation: CheckedContinuation<JSONValue, any Error>?, finished: Bool)>((nil, false))

    init(_ request: GraphQLRequest) {
        self.request = request
    }

    /// Starts waiting; `false` (having resumed `continuation`) when it was already cancelled.
    func wait(_ continuation: CheckedContinuation<JSONValue, any Error>) -> Bool {
        let finished = state.withLock { state -> Bool in
            if !state.finished { state.continuation = continuation }
            return state.finished
        }
        if finished { continuation.resume(throwing: CancellationError()) }
        return !finished
    }

    func finish(_ result: Result<JSONValue, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<JSONValue, any Error>? in
            defer {
                state.continuation = nil
                state.finished = true
            }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
