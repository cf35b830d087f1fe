import BatonCore

import class Foundation.Thread

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The namespace's channel, read on a connection and a thread of its own: each message (a
/// version, the writer, the changed record IDs and operation keys) drops what it names from the
/// near cache and, when another process wrote it, is reported to the subscribers. A version
/// that does not follow the last one applied (messages lost, as across a reconnect) drops the
/// whole near cache and is reported as lost. A broken connection is made again with backoff.
final class RedisChangeFeed: Sendable {
    let endpoint: RedisEndpoint
    let password: String?
    let timeout: Duration
    let keys: RedisKeys
    let writerID: String
    let cache: Locked<NearCache>
    let pool: RedisConnectionPool
    let subscribers = ChangeFeedSubscribers()
    /// Whether the thread should end, and the subscribed connection's socket, to interrupt it.
    private let control = Locked<(stopping: Bool, socket: Int32?)>((false, nil))
    /// Set once the first subscription is confirmed (or failed), which `start` waits for.
    private let firstAttempt = Locked(false)

    init(
        endpoint: RedisEndpoint, password: String?, timeout: Duration, keys: RedisKeys, writerID: String, cache: Locked<NearCache>,
        pool: RedisConnectionPool
    ) {
        self.endpoint = endpoint
        self.password = password
        self.timeout = timeout
        self.keys = keys
        self.writerID = writerID
        self.cache = cache
        self.pool = pool
    }

    /// Starts the thread and waits (up to the timeout) for the first subscription, so that
    /// what the store reads from the start is kept and dropped as it changes.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "baton.redis.feed"
        thread.start()
        let deadline = ContinuousClock.now + timeout
        while !firstAttempt.withLock({ $0 }) && ContinuousClock.now < deadline { usleep(500) }
    }

    /// Ends the thread.
    func stop() {
        let socket = control.withLock { control -> Int32? in
            control.stopping = true
            return control.socket
        }
        if let socket { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    private var stopping: Bool { control.withLock { $0.stopping } }

    private func run() {
        var failures = 0
        var subscribedBefore = false
        while !stopping {
            do {
                let connection = try RedisConnection(endpoint, password: password, timeout: timeout)
                try subscribe(connection, after: subscribedBefore)
                subscribedBefore = true
                failures = 0
                try listen(connection)
            } catch {
                cache.withLock { $0.detach() }
                firstAttempt.withLock { $0 = true }
                control.withLock { $0.socket = nil }
                guard !stopping else { return }
                failures += 1
                usleep(UInt32(min(50_000 << min(failures - 1, 5), 2_000_000)))
            }
        }
    }

    /// Subscribes, then learns the version to apply from; a resubscription drops the near cache
    /// and reports changes lost, and so does a first subscription made after the store already
    /// answered reads of an older version (its handles may have missed what came between).
    ///
    /// A slow answer is no reason to give up a connection that is open: on a loaded machine a
    /// reply may take longer than the store's timeout, and a feed that gave up each time would
    /// stay unsubscribed, its process keeping nothing in the near cache. So the subscription
    /// waits for its confirmation as long as the connection stays open (``stop()`` can still
    /// interrupt it), and the version is asked again, a few times, before the feed starts over.
    private func subscribe(_ connection: RedisConnection, after before: Bool) throws(RedisStoreError) {
        control.withLock { $0.socket = connection.socket }
        if stopping { connection.interrupt() }
        connection.setReplyTimeout(nil)
        _ = try connection.command(["SUBSCRIBE", keys.channel])
        let version = try subscribedVersion()
        let missed = cache.withLock { $0.restart(at: version) }
        firstAttempt.withLock { $0 = true }
        if before || missed {
            subscribers.enqueue(.lost)
            subscribers.deliver()
        }
    }

    /// The namespace's version, read after the subscription was confirmed: every change after
    /// it comes on the channel.
    private func subscribedVersion() throws(RedisStoreError) -> Int64 {
        var attempt = 0
        while true {
            do throws(RedisStoreError) {
                return try pool.with { (command) throws(RedisStoreError) in try command.command(["GET", keys.version]).integer ?? 0 }
            } catch {
                attempt += 1
                guard attempt < 5, error.code == .unreachable, !stopping else { throw error }
                usleep(UInt32(20_000 * attempt))
            }
        }
    }

    private func listen(_ connection: RedisConnection) throws(RedisStoreError) {
        while true {
            let reply = try connection.nextReply()
            let parts = reply.elements
            guard parts.count == 3, parts[0].text == "message", case .string(let body) = parts[2] else { continue }
            apply(body)
            subscribers.deliver()
        }
    }

    /// Applies one message to the near cache and queues what the subscribers are told.
    private func apply(_ body: [UInt8]) {
        guard let message = try? RedisChangeMessage(packed: body) else {
            // Not knowing what changed (a writer of another version), nothing held can be trusted.
            let lost = cache.withLock { cache -> Bool in
                guard cache.applied != nil else { return false }
                cache.dropAll()
                return true
            }
            if lost { subscribers.enqueue(.lost) }
            return
        }
        let version = message.version
        let change = cache.withLock { cache -> StoreChange? in
            guard let applied = cache.applied else { return nil }
            if version <= applied {
                // Already counted in the version read at subscription: drop, report nothing new.
                cache.drop(records: message.records, operations: message.operations)
                return nil
            }
            if version != applied + 1 {
                cache.restart(at: version)
                return .lost
            }
            cache.drop(records: message.records, operations: message.operations)
            cache.advance(to: version)
            return message.writer.elementsEqual(writerID.utf8)
                ? nil : StoreChange(records: Set(message.records), operations: Set(message.operations))
        }
        if let change { subscribers.enqueue(change) }
    }
}
