import BatonCore

import struct Foundation.Date
import struct Foundation.UUID

/// A ``Store`` on a Redis server, shared by every process of a fleet that names the same server
/// and namespace: one process's fetch or mutation is every process's, and each environment
/// re-reads the handles that saw what another process changed (``ChangeFeedStore``).
///
/// - Each write is one Lua script on the server: atomic (a reader never sees half of it, and a
///   write that fails changed nothing), merged field by field, reporting exactly the records
///   that changed, and publishing them on the namespace's channel with a version number.
/// - Each process keeps a near cache of what it read, served from memory; the change feed drops
///   each record another process changes, and everything when the versions show a gap (after a
///   reconnect). A read of many records is one round trip.
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

    /// Opens the store and subscribes to its namespace's channel. An unreachable server is no
    /// error here: the store's calls fail until it answers.
    /// - Parameter options: the server, namespace, password and time to live.
    /// - Throws: ``RedisStoreError`` `misconfigured` for a URL or namespace that names no server.
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
        keys = RedisKeys(namespace: options.namespace)
        pool = RedisConnectionPool(endpoint: endpoint, password: options.password, timeout: options.timeout)
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
            return found
        }
        if let held { return held }
        // One record missing: all of them from the server, in one round trip, so the answer is
        // one moment of the namespace, never the near cache's moment mixed with the server's.
        var unique = Set<RecordID>()
        let missing = read.ids.filter { unique.insert($0).inserted }
        let (version, packed) = try readKeys(missing.map { keys.record($0) }, by: RedisScripts.readRecords)
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
        cache.withLock { $0.keep(records: read.lazy.map { ($0.key, $0.value) }, readAt: version) }
        return read
    }

    /// What the namespace keeps on the operation: from the near cache, or one round trip.
    /// - Throws: ``RedisStoreError`` when the near cache lacks it and it cannot be read.
    public func operation(_ operation: OperationKey) throws(RedisStoreError) -> OperationRecord? {
        if let held = cache.withLock({ $0.operations[operation] }) { return held }
        let (version, hashes) = try readKeys([keys.operation(operation)], by: RedisScripts.readOperations)
        let record = try Self.operationRecord(hashes.first?.elements ?? [], server: server, key: operation)
        if let record {
            cache.withLock { $0.keep(operations: [(operation, record)], readAt: version) }
        }
        return record
    }

    /// Applies `write` in one script on the server and reports exactly the records it changed.
    /// - Throws: ``RedisStoreError``; a write that throws changed nothing, except when the
    ///   connection broke after the script was sent, when it may have been applied whole.
    @discardableResult
    public func write(_ write: StoreWrite) throws(RedisStoreError) -> StoreWriteResult {
        let script = RedisWriteScript(write, keys: keys, ttl: options.ttl, writerID: writerID)
        let reply = try pool.with { (connection) throws(RedisStoreError) in
            try connection.refusing(connection.send(script.command), "a write")
        }
        let parts = reply.elements
        guard parts.count == 3 else { throw RedisStoreError(.unreadable, server: server, "a write answered \(reply)") }
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

    /// Whether the near cache holds `id`, for tests.
    package func nearCacheHolds(_ id: RecordID) -> Bool {
        cache.withLock { $0.records[id] != nil }
    }

    /// Drops the near cache; the namespace on the server keeps every record.
    public func dropLocalCopies() {
        cache.withLock { $0.dropAll() }
    }

    /// Reads keys by one of the read scripts, with the version they were read at, in one round trip.
    private func readKeys(_ keyNames: [[UInt8]], by script: String) throws(RedisStoreError) -> (Int64, [RedisReply]) {
        var arguments: [[UInt8]] = [Array("EVAL".utf8), Array(script.utf8), Array(String(keyNames.count + 1).utf8)]
        arguments.reserveCapacity(keyNames.count + 4)
        arguments.append(Array(keys.version.utf8))
        arguments.append(contentsOf: keyNames)
        let reply = try pool.with { (connection) throws(RedisStoreError) in
            try connection.refusing(connection.send(arguments), "a read")
        }
        let parts = reply.elements
        guard parts.count == keyNames.count + 1, let version = parts[0].integer else {
            throw RedisStoreError(.unreadable, server: server, "a read answered \(parts.count) parts for \(keyNames.count) keys")
        }
        return (version, Array(parts.dropFirst()))
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
