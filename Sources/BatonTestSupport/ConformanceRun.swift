import BatonCore
import Dispatch

/// How both conformance suites run their checks: each within a time limit, one after another.
enum ConformanceRun {
    /// Runs one check, or fails it when it takes longer than `limit`. A transport or store that
    /// hangs and ignores cancellation must not hang the suite, so the check is not awaited past
    /// its limit.
    /// - Parameters:
    ///   - check: the check, named in the failure when time runs out.
    ///   - limit: how long it may take.
    ///   - body: the check itself.
    /// - Throws: the check's own failure, or one saying it did not finish in time.
    static func check<Check>(
        _ check: Check, within limit: Duration,
        _ body: @escaping @Sendable () async throws(ConformanceFailure<Check>) -> Void
    ) async throws(ConformanceFailure<Check>) {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<ConformanceFailure<Check>?, Never>) in
            let once = ResumeOnce(continuation)
            let work = Task { () async -> ConformanceFailure<Check>? in
                do throws(ConformanceFailure<Check>) {
                    try await body()
                    return nil
                } catch {
                    return error
                }
            }
            // The timer runs on Dispatch, not in the concurrency pool: a check that blocks its
            // threads (a store that sleeps inside a synchronous call) must not also stop the clock.
            let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                // Resumed before cancelling, so the failure a cancelled check throws cannot win.
                once.resume(with: ConformanceFailure(check, "did not finish within \(limit)"))
                work.cancel()
            }
            Task {
                once.resume(with: await work.value)
            }
        }
        if let outcome { throw outcome }
    }

    /// Runs `checks` one after another.
    /// - Parameters:
    ///   - checks: the checks, in order.
    ///   - run: runs one.
    /// - Returns: one failure per check that did not pass; empty when all passed.
    static func each<Check>(
        _ checks: some Sequence<Check>, _ run: (Check) async throws(ConformanceFailure<Check>) -> Void
    ) async -> [ConformanceFailure<Check>] {
        var failures: [ConformanceFailure<Check>] = []
        for check in checks {
            do throws(ConformanceFailure<Check>) {
                try await run(check)
            } catch {
                failures.append(error)
            }
        }
        return failures
    }
}

/// Resumes a continuation with the first outcome and ignores the rest.
private final class ResumeOnce<Outcome: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<Outcome, Never>?>

    init(_ continuation: CheckedContinuation<Outcome, Never>) {
        self.continuation = Locked(continuation)
    }

    func resume(with outcome: Outcome) {
        let waiting = continuation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        waiting?.resume(returning: outcome)
    }
}
