import BatonCore

/// What one process keeps in memory of what it read from Redis, and how far the change feed has
/// brought it: reads it holds are served from here; the feed drops each record another process
/// changed, and everything when it finds a gap in the versions.
struct NearCache {
    var records: [RecordID: StoreRecord] = [:]
    var operations: [OperationKey: OperationRecord] = [:]
    /// The last version the feed applied; `nil` while the feed is not subscribed, when what is
    /// read is not kept (no one would drop it when it changes).
    var applied: Int64?

    /// Whether what was read at `version` may be kept: only when the feed has applied exactly
    /// that version, so that everything held is as of one version (a read of held records is a
    /// moment of the namespace, never a mix), and every later change will drop what it names.
    func mayKeep(readAt version: Int64) -> Bool {
        applied == version
    }

    /// Drops the records and operations a change named.
    mutating func drop(records ids: some Sequence<RecordID>, operations keys: some Sequence<OperationKey>) {
        for id in ids { records[id] = nil }
        for key in keys { operations[key] = nil }
    }

    mutating func dropAll() {
        records.removeAll()
        operations.removeAll()
    }
}
