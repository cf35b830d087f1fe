/// Something the environment re-reads when a record it saw changes: an operation or a fragment handle.
protocol RecordWatcher: AnyObject, Sendable {
    /// Records it saw changed: read again. `change` says which and the step it was, when known.
    func recordsChanged(_ change: RecordChange?)
    /// What it read is no longer current: stale until its next fetch, which starts now when
    /// `refetching` and a holder allows the network.
    func invalidated(refetching: Bool)
    /// Fetches again when a holder allows the network and it is stale or its last fetch failed.
    func revalidate()
}

/// The records one step of an executor's changed (a write, an optimistic layer laid or lifted),
/// with the step's number: a handle whose last read was of the step before may keep what it
/// read of the rest.
struct RecordChange: Sendable {
    var records: Set<RecordID>
    /// The step (``OperationExecutor/changeSteps`` once it was done).
    var step: Int
}

/// A watcher that fetches an operation, through which the fragment handles of its data go for
/// staleness and heal.
protocol OwningWatcher: RecordWatcher {
    /// How long the operation's data stays fresh after a fetch; `nil` for ever.
    var expiration: Duration? { get }
    /// Whether the operation's data may not be current, as its handle says.
    var isStale: Bool { get }
    /// A fragment of the operation's data found `missing`: fetch, once per fetch, unless one
    /// is in flight or no holder allows the network.
    func healRequested(for missing: [MissingField])
}

/// What an environment keeps between calls, behind its lock: the live handles and the records
/// each saw (indexed by record, so a change finds its handles without a scan), the optimistic
/// layers, and what retention keeps.
struct EnvironmentState {
    struct Watched {
        weak var watcher: (any RecordWatcher)?
        /// The operation the watcher reads (an operation handle's), or whose data it reads (a
        /// fragment handle's); `nil` for a fragment not read from a store.
        var key: OperationKey?
        /// Whether `watch` shares it only with store-only watches of its operation.
        var storeOnly: Bool
        var seen: SeenRecordSet
        /// The read whose records `seen` are (``RecordRead/seenIdentity``), when known.
        var seenIdentity: ObjectIdentifier? = nil
    }

    /// What holders share one handle: an operation with its variables, read from the store alone
    /// or allowed the network. A store-only holder never shares a handle that fetches, nor lends
    /// its own to one that would.
    struct HandleKey: Hashable {
        var key: OperationKey
        var storeOnly: Bool
    }

    private var nextID = 0
    private(set) var watched: [Int: Watched] = [:]
    /// The live handle of each operation with its variables (and store-only or not), shared by every holder.
    var handles: [HandleKey: Int] = [:]
    /// For each record, the handles whose last read saw it.
    private(set) var subscribers: [RecordID: [Int]] = [:]
    var layers = OptimisticLayers()
    var retention: RetentionTable
    /// The records each retained operation's last read saw.
    var retainedSeen: [OperationKey: SeenRecordSet] = [:]
    /// The records the app's updaters created: what they lack no fetch can heal.
    var appRecords: Set<RecordID> = []

    init(releaseBufferSize: Int) {
        retention = RetentionTable(bufferSize: releaseBufferSize)
    }

    /// Registers a watcher of `key`, the one `watch` returns for it. - Returns: its ID.
    mutating func register(_ watcher: any RecordWatcher, key: OperationKey, storeOnly: Bool) -> Int {
        let id = register(fragment: watcher, owner: key, storeOnly: storeOnly)
        handles[HandleKey(key: key, storeOnly: storeOnly)] = id
        return id
    }

    /// Registers a watcher of a fragment of `owner`'s data; it is not shared. - Returns: its ID.
    mutating func register(fragment watcher: any RecordWatcher, owner: OperationKey?, storeOnly: Bool = false) -> Int {
        nextID += 1
        watched[nextID] = Watched(watcher: watcher, key: owner, storeOnly: storeOnly, seen: [])
        return nextID
    }

    /// Fragment watcher `id` now reads data `owner` fetched (a refetch's query).
    mutating func reown(fragment id: Int, by owner: OperationKey) {
        watched[id]?.key = owner
    }

    /// Forgets watcher `id`, keeping what it saw when its operation is retained.
    mutating func unregister(_ id: Int) {
        guard let entry = watched.removeValue(forKey: id) else { return }
        guard let key = entry.key else {
            for record in entry.seen { unsubscribe(id, from: record) }
            return
        }
        let shared = HandleKey(key: key, storeOnly: entry.storeOnly)
        if handles[shared] == id { handles[shared] = nil }
        for record in entry.seen { unsubscribe(id, from: record) }
        if retention.keeps(key) { retainedSeen[key, default: []].formUnion(entry.seen) }
    }

    /// The live watcher of `key` that `watch` shares, if any.
    func watcher(of key: OperationKey, storeOnly: Bool) -> (any RecordWatcher)? {
        handles[HandleKey(key: key, storeOnly: storeOnly)].flatMap { watched[$0]?.watcher }
    }

    /// The IDs of the live watchers of `key`, whatever their policy.
    func watcherIDs(of key: OperationKey) -> [Int] {
        [true, false].compactMap { handles[HandleKey(key: key, storeOnly: $0)] }
    }

    /// Watcher `id`'s last read saw `seen` (named `identity`): moves it in the index from the
    /// records it no longer sees to those it now sees; by `change` alone when it is a change of
    /// the records the index holds for it (a read that kept most of the one before).
    mutating func saw(_ seen: SeenRecordSet, watcher id: Int, as identity: ObjectIdentifier? = nil, since change: SeenChange? = nil) {
        guard let entry = watched[id] else { return }
        if let change, let held = entry.seenIdentity, held == change.previous {
            for record in change.added { subscribers[record, default: []].append(id) }
        } else {
            let old = entry.seen
            guard old != seen else {
                watched[id]?.seenIdentity = identity
                return
            }
            for record in old where !seen.contains(record) { unsubscribe(id, from: record) }
            for record in seen where !old.contains(record) { subscribers[record, default: []].append(id) }
        }
        watched[id]?.seen = seen
        watched[id]?.seenIdentity = identity
        // A fragment handle sees part of its owner's records: only the owner's read is the operation's.
        if let entry = watched[id], let key = entry.key, handles[HandleKey(key: key, storeOnly: entry.storeOnly)] == id,
            retention.keeps(key)
        {
            retainedSeen[key] = seen
        }
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
    var liveWatchers: [any RecordWatcher] {
        watched.values.compactMap(\.watcher)
    }

    /// The operations whose last read saw `record` (of live watchers and retained operations),
    /// and the live watchers among them.
    func readers(of record: RecordID) -> (keys: Set<OperationKey>, watchers: [any RecordWatcher]) {
        var keys = Set<OperationKey>()
        var watchers: [any RecordWatcher] = []
        for id in subscribers[record] ?? [] {
            guard let entry = watched[id] else { continue }
            if let key = entry.key { keys.insert(key) }
            if let watcher = entry.watcher { watchers.append(watcher) }
        }
        for (key, seen) in retainedSeen where seen.contains(record) { keys.insert(key) }
        return (keys, watchers)
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
