import BatonCore

import struct Foundation.Date
import struct Foundation.UUID

/// A ``Store`` on a Redis server, shared by every process of a fleet that names the same server
/// and namespace: one process's fetch or mutation is every process's, and each environment
/// re-reads the handles that saw what another process changed (``ChangeFeedStore``).
///
/// - Each write is one Lua script on the server (a write of new records only: one `MULTI` of a
///   `MSETNX` and the script): atomic (a reader never sees half of it, and a write that fails
///   changed nothing), merged field by field, reporting exactly the records that changed, and
///   publishing them on the namespace's channel with a version number.
/// - Each process keeps a near cache of what it read, served from memory; the change feed drops
///   each record another process changes, and everything when the versions show a gap (after a
///   reconnect). A read of many records is one round trip.
/// - What has a time to live (``Options/ttl``, set by any process) is served from the near cache
///   only until it expires on the server.
/// - A namespace in another layout (an earlier version's) is refused when the store opens.
/// - When the server cannot be reached, reads the near cache holds still answer; other reads and
///   writes throw ``RedisStoreError`` (`unreachable`, naming the server), and the store
///   reconnects with backoff.
/// - ``Environment/collect()`` never deletes shared records: it drops only the near
///   cache. Records leave the namespace by ``Options/ttl`` or by deletions that writes name.
///
/// ```swift
/// let store = try RedisStore(options: .init(url: "unix:///run/redis/redis.sock", namespace: "app:v3"))
/// ```
///
/// `docs/Fleet.md` describes when to use it, the consistency promise and a cluster deployment.
public final class RedisStore: ChangeFeedStore {
    /// The server and namespace.
    public let options: Options
    let keys: RedisKeys
    let pool: RedisConnectionPool
    let cache = Locked(NearCache())
    let feed: RedisChangeFeed
    /// Tells this store's own messages on the channel from other processes'.
    let writerID = UUID().uuidString
    /// Whether the last write created every record it named, so the next is tried as a write of
    /// new records (`RedisNewRecordsWrite`).
    private let lastWriteCreatedAll = Locked(true)

    /// Opens the store and subscribes to its namespace's channel. An unreachable server is no
    /// error here: the store's calls fail until it answers.
    /// - Parameter options: the server, namespace, password and time to live.
    /// - Throws: ``RedisStoreError`` `misconfigured` for a URL or namespace that names no server,
    ///   or a server that is a Redis Cluster node; `incompatibleLayout` for a namespace whose
    ///   records an earlier version of the store wrote in another layout.
    public init(options: Options) throws(RedisStoreError) {
        guard let endpoint = RedisEndpoint(url: options.url) else {
            throw RedisStoreError(
                .misconfigured, server: options.url,
                "the URL names no Redis server; expected redis://HOST[:PORT][/DB] or unix:///PATH")
        }
        guard !options.namespace.contains("{"), !options.namespace.contains("}") else {
            throw RedisStoreError(.misconfigured, server: endpoint.description, "the namespace \"\(options.namespace)\" must not contain { or }")
        }
        self.options = options
        let keys = RedisKeys(namespace: options.namespace)
        self.keys = keys
        let pool = RedisConnectionPool(endpoint: endpoint, password: options.password, timeout: options.timeout) {
            (connection) throws(RedisStoreError) in try RedisLayoutCheck(keys: keys).run(on: connection)
        }
        // A namespace in another layout, or a server the store cannot use, is an error now; an
        // unreachable server is not (the check runs when it answers).
        do throws(RedisStoreError) {
            try pool.with { _ in }
        } catch {
            guard error.code == .unreachable else { throw error }
        }
        self.pool = pool
        feed = RedisChangeFeed(
            endpoint: endpoint, password: options.password, timeout: options.timeout, keys: keys, writerID: writerID, cache: cache,
            pool: pool)
        feed.start()
    }

    deinit {
        feed.stop()
    }

    /// The server's URL, without a password.
    public var server: String { pool.endpoint.description }

    /// Reads the records named: from the near cache when it holds them all, else all from the
    /// server in one round trip.
    /// - Throws: ``RedisStoreError`` when records the near cache lacks cannot be read.
    public func read(_ read: StoreRead) throws(RedisStoreError) -> [RecordID: StoreRecord] {
        let held = cache.withLock { cache -> [RecordID: StoreRecord]? in
            var found: [RecordID: StoreRecord] = [:]
            for id in read.ids {
                guard let record = cache.records[id] else { return nil }
                found[id] = record
            }
            // Nothing held expires in a namespace that never had a write with a time to live.
            guard cache.expires else { return found }
            let now = ContinuousClock.now
            guard found.keys.allSatisfy({ !cache.hasExpired($0, at: now) }) else {
                cache.dropExpired(found.keys, at: now)
                return nil
            }
            return found
        }
        if let held { return held }
        // One record missing: all of them from the server, in one round trip, so the answer is
        // one moment of the namespace, never the near cache's moment mixed with the server's.
        var unique = Set<RecordID>()
        let missing = read.ids.filter { unique.insert($0).inserted }
        let (version, expiries, packed) = try readKeys(missing.map { keys.record($0) }, by: RedisScripts.readRecords)
        var read: [RecordID: StoreRecord] = [:]
        read.reserveCapacity(missing.count)
        for (id, reply) in zip(missing, packed) {
            guard case .string(let bytes) = reply else { continue }
            do {
                read[id] = try RedisRecordCoding.record(id, packed: bytes)
            } catch {
                throw RedisStoreError(.unreadable, server: server, "record \"\(id.rawValue)\" cannot be read: \(error.reason)")
            }
        }
        var expiring: [RecordID: ContinuousClock.Instant] = [:]
        for (id, expiry) in zip(missing, expiries) where expiry != nil { expiring[id] = expiry }
        cache.withLock { $0.keep(records: read.lazy.map { ($0.key, $0.value) }, expiring: expiring, readAt: version) }
        return read
    }

    /// What the namespace keeps on the operation: from the near cache, or one round trip.
    /// - Throws: ``RedisStoreError`` when the near cache lacks it and it cannot be read.
    public func operation(_ operation: OperationKey) throws(RedisStoreError) -> OperationRecord? {
        if let held = cache.withLock({ $0.operation(operation, at: .now) }) { return held }
        let (version, expiries, hashes) = try readKeys([keys.operation(operation)], by: RedisScripts.readOperations)
        let record = try Self.operationRecord(hashes.first?.elements ?? [], server: server, key: operation)
        if let record {
            let expiring = expiries.first.flatMap { $0 }.map { [operation: $0] } ?? [:]
            cache.withLock { $0.keep(operations: [(operation, record)], operationsExpiring: expiring, readAt: version) }
        }
        return record
    }

    /// Applies `write` in one script on the server and reports exactly the records it changed.
    /// A write of records that are all new (as far as this store can tell: its last write created
    /// every record it named, and the near cache holds none of these) is tried first as one
    /// `MSETNX` and the script in one transaction (`RedisNewRecordsWrite`), which stores
    /// nothing when a record exists; the script alone then writes it.
    /// - Throws: ``RedisStoreError``; a write that throws changed nothing, except when the
    ///   connection broke after the script was sent, when it may have been applied whole.
    @discardableResult
    public func write(_ write: StoreWrite) throws(RedisStoreError) -> StoreWriteResult {
        var newRecords: RedisNewRecordsWrite? = nil
        if lastWriteCreatedAll.withLock({ $0 }), !write.records.isEmpty,
            cache.withLock({ cache in cache.isEmpty || !write.records.contains { cache.holds($0.id) } })
        {
            newRecords = RedisNewRecordsWrite(write, keys: keys, ttl: options.ttl, writerID: writerID)
        }
        let prepared = newRecords == nil ? RedisWriteScript(write, keys: keys, ttl: options.ttl, writerID: writerID).command : nil
        let reply = try pool.with { (connection) throws(RedisStoreError) -> RedisReply in
            if let newRecords,
                let reply = try RedisNewRecordsWrite.scriptReply(connection.pipeline(newRecords.commands), connection: connection)
            {
                return reply
            }
            var script = prepared ?? RedisWriteScript(write, keys: keys, ttl: options.ttl, writerID: writerID).command
            return try connection.refusing(connection.evaluate(&script), "a write")
        }
        let parts = reply.elements
        guard parts.count == 4, let created = parts[3].integer else {
            throw RedisStoreError(.unreadable, server: server, "a write answered \(reply)")
        }
        lastWriteCreatedAll.withLock { $0 = created == write.records.count }
        let changed =
            parts[1] == .string(Array("all".utf8))
            ? Set(write.deletions).union(write.records.lazy.map(\.id)) : Set(parts[1].elements.compactMap(\.text).map { RecordID($0) })
        let operations = parts[2].elements.compactMap(\.text).compactMap(RedisKeys.key(named:))
        // Dropped, not updated: the next read fetches what the server holds after the merge.
        cache.withLock { $0.dropWritten(records: changed, operations: operations) }
        return StoreWriteResult(changed: changed)
    }

    /// Reports what other processes write to the namespace.
    public func subscribeToChanges(_ subscriber: StoreChangeSubscriber) -> StoreChangeSubscription {
        feed.subscribers.add(subscriber)
    }

    /// Whether the near cache holds `id` (and it has not expired), for tests.
    package func nearCacheHolds(_ id: RecordID) -> Bool {
        cache.withLock { $0.records[id] != nil && !$0.hasExpired(id, at: .now) }
    }

    /// Drops the near cache; the namespace on the server keeps every record.
    public func dropLocalCopies() {
        cache.withLock { $0.dropAll() }
    }

    /// Reads keys by one of the read scripts in one round trip: the version they were read at,
    /// when each expires (`nil`: never, or absent), and what each holds.
    private func readKeys(
        _ keyNames: [[UInt8]], by script: RedisScript
    ) throws(RedisStoreError) -> (Int64, [ContinuousClock.Instant?], [RedisReply]) {
        var command = RedisCommand(evaluating: script, keyCount: keyNames.count + 2, capacity: keyNames.count * 32)
        command.append(keys.version)
        command.append(keys.expiring)
        for key in keyNames { command.append(key) }
        // Before the request: an expiry counted from here is never later than the server's.
        let sent = ContinuousClock.now
        let reply = try pool.with { (connection) throws(RedisStoreError) in
            try connection.refusing(connection.evaluate(&command), "a read")
        }
        let parts = reply.elements
        guard parts.count == keyNames.count + 2, let version = parts[0].integer else {
            throw RedisStoreError(.unreadable, server: server, "a read answered \(parts.count) parts for \(keyNames.count) keys")
        }
        let expiries = parts[1].elements.map { ttl in ttl.integer.flatMap { $0 >= 0 ? sent + .milliseconds($0) : nil } }
        return (version, expiries.isEmpty ? Array(repeating: nil, count: keyNames.count) : expiries, Array(parts.dropFirst(2)))
    }

    static func operationRecord(_ hash: [RedisReply], server: String, key: OperationKey) throws(RedisStoreError) -> OperationRecord? {
        guard !hash.isEmpty else { return nil }
        var record = OperationRecord()
        var index = 0
        while index + 1 < hash.count {
            let name = hash[index].text
            let value = hash[index + 1]
            index += 2
            switch name {
            case "f": record.fetched = value.integer.map { Date(timeIntervalSince1970: Double($0) / 1000) }
            case "i": record.invalidated = value.integer.map { Date(timeIntervalSince1970: Double($0) / 1000) }
            case "e":
                guard case .string(let bytes) = value else { continue }
                do {
                    record.errors = try RedisRecordCoding.errors(RedisRecordCoding.parse(bytes))
                } catch {
                    throw RedisStoreError(.unreadable, server: server, "the errors kept on operation \(key) cannot be read: \(error.reason)")
                }
            default: continue
            }
        }
        return record
    }
}
