import BatonCore

extension SQLiteStore: SnapshotStore, CollectableStore {
    /// What the image holds at this moment, for a read that reaches many records: taking it
    /// costs nothing until the next write, and the records it gives are stamped as used (for
    /// eviction) when it goes, as a ``read(_:)`` of them would have been.
    ///
    /// When another process wrote the image since, what it changed is read in first.
    public func recordSnapshot() -> any RecordSource {
        catchUpIfAnotherWrote()
        let (entries, operations) = state.withLock { ($0.entries, $0.operations) }
        return ImageSnapshot(entries: entries, operations: operations, state: state)
    }

    /// Every record the image holds now, as memory holds it (a collection reads no file).
    ///
    /// When another process wrote the image since, what it changed is read in first.
    public func allRecords() -> [RecordID: StoreRecord] {
        catchUpIfAnotherWrote()
        // The table is shared out under the lock and copied outside it, so writers do not wait.
        let entries = state.withLock { $0.entries }
        return entries.mapValues(\.record)
    }
}

/// One moment of an image's memory, read without its lock: each record it gives is noted, and
/// stamped as used in the store when the snapshot goes.
///
/// Not shared between threads: a read takes its own.
final class ImageSnapshot: RecordSource {
    private var entries: [RecordID: ImageEntry]
    private let operations: [OperationKey: OperationRecord]
    private let state: Locked<ImageState>
    private var used: [RecordID] = []

    init(entries: [RecordID: ImageEntry], operations: [OperationKey: OperationRecord], state: Locked<ImageState>) {
        self.entries = entries
        self.operations = operations
        self.state = state
    }

    deinit {
        // Let go of the shared table first, so that stamping does not copy it.
        entries = [:]
        guard !used.isEmpty else { return }
        let used = used
        state.withLock { $0.markUsed(used) }
    }

    func record(_ id: RecordID) -> StoreRecord? {
        guard let record = entries[id]?.record else { return nil }
        used.append(id)
        return record
    }

    func operation(_ key: OperationKey) -> OperationRecord? { operations[key] }
}
