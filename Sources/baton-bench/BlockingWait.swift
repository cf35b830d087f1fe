import BatonCore
import Dispatch

/// Runs async work to its end from the harness's synchronous bodies: a detached task does the
/// work on the concurrency pool while the calling thread waits on a semaphore. The hand-off costs
/// a few microseconds, small beside a loopback exchange, and every contender timed through it
/// pays the same.
func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Locked<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        let result: Result<Value, any Error>
        do {
            result = .success(try await work())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    guard let result = outcome.withLock({ $0 }) else {
        throw BenchmarkFailure("async work ended without a result")
    }
    return try result.get()
}
