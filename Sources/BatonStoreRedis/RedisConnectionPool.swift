import BatonCore

import struct Foundation.Date

/// The store's one command connection, made on first use and again after it broke, with backoff:
/// the next call after a failure tries again at once; after more failures in a row, calls fail at
/// once (with the last failure) until the next attempt is due, 100 ms later, doubling to 2 s.
/// Before its first use, the store's check of the server (``RedisStore``'s layout check) runs on
/// it, and again on each call until it passed once.
final class RedisConnectionPool: Sendable {
    private struct State {
        var connection: RedisConnection?
        var prepared = false
        var failures = 0
        var retryAt: Date = .distantPast
        var lastError: RedisStoreError?
    }

    let endpoint: RedisEndpoint
    let password: String?
    let timeout: Duration
    private let prepare: @Sendable (RedisConnection) throws(RedisStoreError) -> Void
    private let state: Locked<State>

    init(
        endpoint: RedisEndpoint, password: String?, timeout: Duration,
        prepare: @escaping @Sendable (RedisConnection) throws(RedisStoreError) -> Void = { _ in }
    ) {
        self.endpoint = endpoint
        self.password = password
        self.timeout = timeout
        self.prepare = prepare
        state = Locked(State())
    }

    /// Runs `body` on the connection, one caller at a time.
    /// - Throws: ``RedisStoreError`` `unreachable` while the server cannot be reached, or what `body` throws.
    func with<Result>(_ body: (RedisConnection) throws(RedisStoreError) -> Result) throws(RedisStoreError) -> Result {
        try state.withLock { (state: inout State) throws(RedisStoreError) -> Result in
            if state.connection == nil {
                if Date() < state.retryAt, let error = state.lastError {
                    throw RedisStoreError(.unreachable, server: endpoint.description, "\(error.message) (reconnecting)")
                }
                do throws(RedisStoreError) {
                    state.connection = try RedisConnection(endpoint, password: password, timeout: timeout)
                } catch {
                    Self.failed(&state, error)
                    throw error
                }
            }
            do throws(RedisStoreError) {
                if !state.prepared {
                    try prepare(state.connection!)
                    state.prepared = true
                }
                let result = try body(state.connection!)
                state.failures = 0
                return result
            } catch {
                if state.connection?.isBroken == true {
                    state.connection = nil
                    Self.failed(&state, error)
                }
                throw error
            }
        }
    }

    private static func failed(_ state: inout State, _ error: RedisStoreError) {
        state.failures += 1
        let delay = min(0.05 * Double(1 << min(state.failures - 1, 6)), 2.0)
        state.retryAt = Date().addingTimeInterval(state.failures == 1 ? 0 : delay)
        state.lastError = error
    }
}
