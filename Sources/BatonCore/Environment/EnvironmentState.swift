/// Something the environment re-reads when a record it saw changes: an operation handle.
protocol RecordWatcher: AnyObject, Sendable {
    /// Records it saw changed: read again.
    func recordsChanged()
}

/// What an environment keeps between calls, behind its lock: the live handles and the records
/// each saw (indexed by record, so a change finds its handles without a scan), the optimistic
/// layers, and what retention keeps.
struct EnvironmentState {
    struct Watched {
        weak var watcher: (any RecordWatcher)?
        var key: OperationKey
        var seen: Set<RecordID>
    }

    private var nextID = 0
    private(set) var watched: [Int: Watched] = [:]
    /// The live handle of each operation with its variables, shared by every holder.
    var handles: [OperationKey: Int] = [:]
    /// For each record, the handles whose last read saw it.
    private(set) var subscribers: [RecordID: [Int]] = [:]
    var layers = OptimisticLayers()
    var retention: RetentionTable
    /// The records each retained operation's last read saw.
    var retainedSeen: [OperationKey: Set<RecordID>] = [:]

    init(releaseBufferSize: Int) {
        retention = RetentionTable(bufferSize: releaseBufferSize)
    }

    /// Registers a watcher of `key`. - Returns: its ID.
    mutating func register(_ watcher: any RecordWatcher, key: OperationKey) -> Int {
        nextID += 1
        watched[nextID] = Watched(watcher: watcher, key: key, seen: [])
        handles[key] = nextID
        return nextID
    }

    /// Forgets watcher `id`, keeping what it saw when its operation is retained.
    mutating func unregister(_ id: Int) {
        guard let entry = watched.removeValue(forKey: id) else { return }
        if handles[entry.key] == id { handles[entry.key] = nil }
        for record in entry.seen { unsubscribe(id, from: record) }
        if retention.keeps(entry.key) { retainedSeen[entry.key, default: []].formUnion(entry.seen) }
    }

    /// The live watcher of `key`, if any.
    func watcher(of key: OperationKey) -> (any RecordWatcher)? {
        handles[key].flatMap { watched[$0]?.watcher }
    }

    /// Watcher `id`'s last read saw `seen`: moves it in the index from the records it no longer sees.
    mutating func saw(_ seen: Set<RecordID>, watcher id: Int) {
        guard let old = watched[id]?.seen, old != seen else { return }
        for record in old where !seen.contains(record) { unsubscribe(id, from: record) }
        for record in seen where !old.contains(record) { subscribers[record, default: []].append(id) }
        watched[id]?.seen = seen
        if let key = watched[id]?.key, retention.keeps(key) { retainedSeen[key] = seen }
    }

    /// The live watchers that saw any of `changed`, each once, except `excluded`.
    func watchers(seeing changed: Set<RecordID>, excluding excluded: Int?) -> [any RecordWatcher] {
        var ids: [Int] = []
        for record in changed {
            guard let list = subscribers[record] else { continue }
            ids.append(contentsOf: list)
        }
        if ids.count > 1 { ids = Array(Set(ids)) }
        return ids.compactMap { $0 == excluded ? nil : watched[$0]?.watcher }
    }

    /// Every live watcher, for a change that may have touched any record.
    var allWatchers: [any RecordWatcher] {
        watched.values.compactMap(\.watcher)
    }

    /// The records live handles, retained operations and optimistic layers may read: the roots of a collection.
    var roots: Set<RecordID> {
        var roots = Set<RecordID>()
        for entry in watched.values { roots.formUnion(entry.seen) }
        for key in retention.kept { roots.formUnion(retainedSeen[key] ?? []) }
        roots.formUnion(layers.recordIDs)
        return roots
    }

    private mutating func unsubscribe(_ id: Int, from record: RecordID) {
        guard var list = subscribers[record] else { return }
        list.removeAll { $0 == id }
        subscribers[record] = list.isEmpty ? nil : list
    }
}
