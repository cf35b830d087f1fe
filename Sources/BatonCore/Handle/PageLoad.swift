/// One page a fragment handle is loading, which every load in its direction joins until it ends.
///
/// Its loaders wait on it, not on the task that runs it: that task starts on the thread that
/// asked for the page, and a page answered there (an in-process transport) has ended before it
/// is waited on, so the caller goes on with no hand-off to another thread. A page that waits on
/// the network resumes its callers from the thread that stored it.
package final class PageLoad: Sendable, Equatable {
    /// Which load of its handle this is: a load that ends clears its own place, not that of a
    /// load started after it.
    let number: Int
    private let state = Locked(State())

    private struct State {
        /// The load's end: its failure, or `nil`; `.none` while it runs.
        var outcome: Failure?? = .none
        var waiting: [CheckedContinuation<Failure?, Never>] = []
        /// The task running the page, once it is known.
        var task: Task<Void, Never>?
        var isCancelled = false
    }

    init(number: Int) {
        self.number = number
    }

    package static func == (lhs: PageLoad, rhs: PageLoad) -> Bool { lhs === rhs }

    /// Waits for the load to end. - Returns: its failure, or `nil` once the page is stored.
    package var value: Failure? {
        get async {
            if let outcome = state.withLock({ $0.outcome }) { return outcome }
            return await withCheckedContinuation { continuation in
                let outcome = state.withLock { state -> Failure?? in
                    if let outcome = state.outcome { return outcome }
                    state.waiting.append(continuation)
                    return .none
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        }
    }

    /// Whether the load was cancelled (its handle went, or a refetch superseded it): its page is
    /// not stored, even when it comes.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// `task` runs the page (or ran it, when it ended before it was known); cancelled at once
    /// when the load already was.
    func running(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state -> Bool in
            guard case .none = state.outcome else { return false }
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// Cancels the load: its task stops (a transport's transfer with it) and stores nothing more.
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// The load ended with `failure` (`nil`: the page is stored): every loader waiting goes on.
    func end(_ failure: Failure?) {
        let waiting = state.withLock { state -> [CheckedContinuation<Failure?, Never>] in
            state.outcome = .some(failure)
            state.task = nil
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(returning: failure) }
    }
}
