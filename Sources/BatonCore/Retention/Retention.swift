/// Keeps an operation's records from collection while held: what ``OperationHandle/retain()``
/// returns. Released explicitly with ``release()``, or when it goes; the operation then waits in
/// the environment's release buffer before a collection may take its records.
public final class Retention: Sendable {
    private let key: OperationKey
    private let state: Locked<Environment?>

    init(key: OperationKey, environment: Environment?) {
        self.key = key
        state = Locked(environment)
        environment?.retain(key)
    }

    deinit {
        release()
    }

    /// Lets go of the operation's records; calling it again does nothing.
    public func release() {
        let environment = state.withLock { environment -> Environment? in
            defer { environment = nil }
            return environment
        }
        environment?.release(key)
    }
}

extension Environment {
    /// One more holder keeps `key`'s records.
    func retain(_ key: OperationKey) {
        state.withLock { state in
            state.retention.retain(key)
            for id in state.watcherIDs(of: key) {
                state.retainedSeen[key, default: []].formUnion(state.watched[id]?.seen ?? [])
            }
        }
    }

    /// One holder of `key` lets go; an operation pushed out of the release buffer lets a
    /// collection take its records, and one runs.
    func release(_ key: OperationKey) {
        let evicted = state.withLock { state -> [OperationKey] in
            let evicted = state.retention.release(key)
            for key in evicted { state.retainedSeen[key] = nil }
            return evicted
        }
        if !evicted.isEmpty { _ = try? collect() }
    }

    /// Deletes every record that no live handle, retained operation (or one in the release
    /// buffer) or optimistic layer can read: a mark-and-sweep from those roots.
    ///
    /// Needs a store that can list its records (``CollectableStore``); from another store it
    /// deletes nothing and returns `[]`, and a shared store (``ChangeFeedStore``) drops only
    /// its local copies (``ChangeFeedStore/dropLocalCopies()``).
    /// - Returns: the records deleted.
    /// - Throws: the store's own error when its medium fails.
    @discardableResult
    public func collect() throws -> [RecordID] {
        guard let store = store as? any CollectableStore else {
            // A shared store's records may be needed by another process: only local copies go.
            (store as? any ChangeFeedStore)?.dropLocalCopies()
            return []
        }
        let roots = state.withLock { $0.roots }
        let unreachable: [RecordID]
        if let numbered = store as? any NumberedRecordStore {
            unreachable = numbered.unreachableRecords(roots: roots, operationRoots: Self.operationRoots)
        } else {
            let records = try store.allRecords()
            unreachable = RecordCollector.unreachable(in: records, roots: roots, operationRoots: Self.operationRoots)
        }
        guard !unreachable.isEmpty else { return [] }
        _ = try store.write(StoreWrite(deletions: unreachable))
        return unreachable
    }

    /// The records of the root types, kept by every collection and never followed.
    static let operationRoots: Set<RecordID> = [
        RecordID.root(of: .query), RecordID.root(of: .mutation), RecordID.root(of: .subscription),
    ]
}
