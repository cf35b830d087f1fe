import BatonCore
import Foundation

extension StoreConformance {
    /// Runs each body on a thread of its own, all at once, and returns the first failure any
    /// returned. Store calls block, so tasks on the shared pool (as wide as the machine has
    /// cores) would take turns rather than overlap; threads of their own overlap even on one core.
    static func onThreads(_ bodies: [@Sendable () -> Failure?]) async -> Failure? {
        let outcome = Locked(ThreadsOutcome(left: bodies.count))
        return await withCheckedContinuation { (continuation: CheckedContinuation<Failure?, Never>) in
            guard !bodies.isEmpty else { return continuation.resume(returning: nil) }
            outcome.withLock { $0.continuation = continuation }
            for body in bodies {
                let thread = Thread {
                    let failure = body()
                    let finished = outcome.withLock { state -> (CheckedContinuation<Failure?, Never>, Failure?)? in
                        state.left -= 1
                        if state.failure == nil { state.failure = failure }
                        guard state.left == 0, let continuation = state.continuation else { return nil }
                        state.continuation = nil
                        return (continuation, state.failure)
                    }
                    if let (continuation, failure) = finished { continuation.resume(returning: failure) }
                }
                thread.start()
            }
        }
    }
}

/// What the threads of ``StoreConformance/onThreads(_:)`` report back.
private struct ThreadsOutcome {
    var left: Int
    var failure: ConformanceFailure<StoreConformance.Check>?
    var continuation: CheckedContinuation<ConformanceFailure<StoreConformance.Check>?, Never>?
}
