import BatonCore

/// What one process keeps in memory of what it read from Redis, and how far the change feed has
/// brought it: reads it holds are served from here; the feed drops each record another process
/// changed, and everything when it finds a gap in the versions. What was read with a time to
/// live is served until the moment the server drops it (Redis publishes no expiry), then read
/// again.
struct NearCache {
    typealias Instant = ContinuousClock.Instant

    private(set) var records: [RecordID: StoreRecord] = [:]
    private(set) var operations: [OperationKey: OperationRecord] = [:]
    /// When each record held that has a time to live expires on the server.
    private var expiries: [RecordID: Instant] = [:]
    /// When each operation held that has a time to live expires on the server.
    private var operationExpiries: [OperationKey: Instant] = [:]
    /// The last version the feed applied; `nil` while the feed is not subscribed, when what is
    /// read is not kept (no one would drop it when it changes).
    private(set) var applied: Int64?
    /// Reads made at a version the feed has not reached yet (its thread is behind the reader, as
    /// on a loaded machine right after a write), kept once the feed applies exactly that version.
    private var ahead: [Int64: Read] = [:]
    /// The latest version a read answered while the feed was not subscribed (at the start, on a
    /// loaded machine, or while reconnecting): changes after it and before the subscription are
    /// never on the channel for this process, so the subscription reports them lost.
    private(set) var answeredUnsubscribed: Int64?

    private struct Read {
        var records: [RecordID: StoreRecord] = [:]
        var operations: [OperationKey: OperationRecord] = [:]
        var expiries: [RecordID: Instant] = [:]
        var operationExpiries: [OperationKey: Instant] = [:]
    }

    /// Whether nothing is held.
    var isEmpty: Bool { records.isEmpty }

    /// Whether `id` is held (expired or not).
    func holds(_ id: RecordID) -> Bool { records[id] != nil }

    /// Whether anything held expires, so a read must look at the clock.
    var expires: Bool { !expiries.isEmpty || !operationExpiries.isEmpty }

    /// Whether `id` is held with a time to live that ran out by `now`.
    func hasExpired(_ id: RecordID, at now: Instant) -> Bool {
        expiries[id].map { $0 <= now } ?? false
    }

    /// Drops those of `ids` whose time to live ran out by `now`.
    mutating func dropExpired(_ ids: some Sequence<RecordID>, at now: Instant) {
        for id in ids where hasExpired(id, at: now) {
            records[id] = nil
            expiries[id] = nil
        }
    }

    /// The operation held, unless it expired on the server by `now` (then it is dropped).
    mutating func operation(_ key: OperationKey, at now: Instant) -> OperationRecord? {
        if let expiry = operationExpiries[key], expiry <= now {
            operations[key] = nil
            operationExpiries[key] = nil
            return nil
        }
        return operations[key]
    }

    /// Keeps what was read at `version` when it is of the version the cache holds, so that
    /// everything held is as of one version (a read of held records is a moment of the
    /// namespace, never a mix) and every later change drops what it names; a read ahead of the
    /// feed waits for the feed to reach its version; an older read is not kept. `expiring` and
    /// `operationsExpiring` say when what has a time to live expires on the server.
    mutating func keep(
        records read: some Sequence<(RecordID, StoreRecord)> = EmptyCollection(),
        operations readOperations: some Sequence<(OperationKey, OperationRecord)> = EmptyCollection(),
        expiring: [RecordID: Instant] = [:], operationsExpiring: [OperationKey: Instant] = [:],
        readAt version: Int64
    ) {
        guard let applied else {
            answeredUnsubscribed = max(answeredUnsubscribed ?? version, version)
            return
        }
        guard version >= applied else { return }
        if version == applied {
            for (id, record) in read {
                records[id] = record
                expiries[id] = expiring[id]
            }
            for (key, operation) in readOperations {
                operations[key] = operation
                operationExpiries[key] = operationsExpiring[key]
            }
        } else {
            var waiting = ahead[version] ?? Read()
            for (id, record) in read {
                waiting.records[id] = record
                waiting.expiries[id] = expiring[id]
            }
            for (key, operation) in readOperations {
                waiting.operations[key] = operation
                waiting.operationExpiries[key] = operationsExpiring[key]
            }
            ahead[version] = waiting
        }
    }

    /// The feed applied the change of `version`, the one after ``applied``, having dropped what it
    /// named: reads made at that version are kept now.
    mutating func advance(to version: Int64) {
        applied = version
        if let read = ahead.removeValue(forKey: version) {
            for (id, record) in read.records {
                records[id] = record
                expiries[id] = read.expiries[id]
            }
            for (key, operation) in read.operations {
                operations[key] = operation
                operationExpiries[key] = read.operationExpiries[key]
            }
        }
        ahead = ahead.filter { $0.key > version }
    }

    /// The feed lost its subscription: what is held still answers (the server may be down), but
    /// nothing read from now on is kept until the feed subscribes again and starts over.
    mutating func detach() {
        applied = nil
        ahead.removeAll()
    }

    /// Starts over at `version` (a subscription, or a gap in the versions): nothing held is kept.
    /// - Returns: whether a read answered before it, while unsubscribed, was older than
    ///   `version`, so that what it answered may have changed unreported.
    @discardableResult
    mutating func restart(at version: Int64) -> Bool {
        dropAll()
        applied = version
        defer { answeredUnsubscribed = nil }
        return answeredUnsubscribed.map { $0 < version } ?? false
    }

    /// Drops the records and operations a change named.
    mutating func drop(records ids: some Sequence<RecordID>, operations keys: some Sequence<OperationKey>) {
        // A write of 20,000 new records names none held: no need to look each up.
        if !records.isEmpty { for id in ids { records[id] = nil } }
        for key in keys { operations[key] = nil }
        if !expiries.isEmpty { for id in ids { expiries[id] = nil } }
        if !operationExpiries.isEmpty { for key in keys { operationExpiries[key] = nil } }
    }

    /// This process's own write changed these: dropped from what is held and from the reads
    /// waiting for the feed (made before the write, so never kept after it returned).
    mutating func dropWritten(records ids: some Collection<RecordID>, operations keys: some Collection<OperationKey>) {
        drop(records: ids, operations: keys)
        for version in ahead.keys {
            for id in ids {
                ahead[version]?.records[id] = nil
                ahead[version]?.expiries[id] = nil
            }
            for key in keys {
                ahead[version]?.operations[key] = nil
                ahead[version]?.operationExpiries[key] = nil
            }
        }
    }

    mutating func dropAll() {
        records.removeAll()
        operations.removeAll()
        expiries.removeAll()
        operationExpiries.removeAll()
        ahead.removeAll()
    }
}
