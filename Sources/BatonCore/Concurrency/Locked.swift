#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, for state shared between threads and tasks.
///
/// The standard library's `Mutex` waits on futexes directly on Linux, which ThreadSanitizer cannot
/// see, so every access under it is reported as a race and real races drown. A pthread mutex is
/// visible to ThreadSanitizer, and uncontended it costs the same.
///
/// It is `Sendable` only when its value is: the lock orders the accesses, but a value that is not
/// `Sendable` (a class another thread may also hold) could still be reached around it.
package final class Locked<Value> {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

// The mutex makes every access to the value exclusive, so sharing the box is as safe as sending
// the value itself.
extension Locked: @unchecked Sendable where Value: Sendable {}
