import BatonCore
import Dispatch

/// Runs async work to its end from the harness's synchronous bodies, on the calling thread: the
/// work is a task whose executor preference is that thread, which runs each of the task's jobs
/// as it is enqueued and sleeps in between, as a caller already on a thread of its own would.
///
/// So the work costs what it costs an async caller: no hand-off to the concurrency pool and back
/// (a detached task and a semaphore cost a loopback exchange two thread wakeups, 30 to 90 µs on
/// a busy 2-core machine; BENCHMARKS.md), and every contender timed through it pays the same.
/// Child tasks inherit the preference, so their jobs run on this thread too, one at a time.
func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let executor = CallingThreadExecutor()
    let outcome = Locked<Result<Value, any Error>?>(nil)
    Task(executorPreference: executor) {
        let result: Result<Value, any Error>
        do {
            result = .success(try await work())
        } catch {
            result = .failure(error)
        }
        outcome.withLock { $0 = result }
    }
    executor.runJobs { outcome.withLock { $0 != nil } }
    guard let result = outcome.withLock({ $0 }) else {
        throw BenchmarkFailure("async work ended without a result")
    }
    return try result.get()
}

/// A task executor whose jobs run on the thread that called ``runJobs(until:)``.
private final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let jobs = Locked<[UnownedJob]>([])
    private let enqueued = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        enqueued.signal()
    }

    /// Runs jobs as they come until `isDone` says the work is over.
    func runJobs(until isDone: () -> Bool) {
        let executor = asUnownedTaskExecutor()
        while !isDone() {
            enqueued.wait()
            let job = jobs.withLock { $0.removeFirst() }
            job.runSynchronously(on: executor)
        }
    }
}
