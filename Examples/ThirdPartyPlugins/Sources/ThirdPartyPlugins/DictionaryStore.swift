import BatonCore
import Foundation

/// A store of this package's own: records and operations in dictionaries behind one lock, so
/// every write is atomic and any thread may call at any time.
///
/// It hands out snapshots (copies of its dictionaries, which cost nothing until the next write)
/// and lists its records, so an environment reads it from one moment and collects it.
public final class DictionaryStore: SnapshotStore, CollectableStore, @unchecked Sendable {
    private let lock = NSLock()
    private var records: [RecordID: StoreRecord] = [:]
    private var operations: [OperationKey: OperationRecord] = [:]

    /// An empty store.
    public init() {}

    /// The records asked for that the store holds.
    /// - Parameter read: the IDs to read.
    public func read(_ read: StoreRead) throws -> [RecordID: StoreRecord] {
        lock.withLock {
            var found: [RecordID: StoreRecord] = [:]
            for id in read.ids { found[id] = records[id] }
            return found
        }
    }

    /// Applies one write: deletions, then records merged field by field, then operations.
    /// - Parameter write: what to change.
    /// - Returns: the records whose content changed.
    public func write(_ write: StoreWrite) throws -> StoreWriteResult {
        lock.withLock {
            let touched = Set(write.deletions + write.records.map(\.id))
            var before: [RecordID: StoreRecord] = [:]
            for id in touched { before[id] = records[id] }
            for id in write.deletions { records[id] = nil }
            for record in write.records {
                if records[record.id] != nil {
                    _ = records[record.id]?.merge(record)
                } else {
                    records[record.id] = record
                }
            }
            for (key, date) in write.fetchedOperations { operations[key, default: OperationRecord()].fetched = date }
            for (key, errors) in write.operationErrors { operations[key, default: OperationRecord()].errors = errors }
            for (key, date) in write.invalidatedOperations { operations[key, default: OperationRecord()].invalidated = date }
            return StoreWriteResult(changed: touched.filter { before[$0] != records[$0] })
        }
    }

    /// What the store keeps about an operation with these variables.
    /// - Parameter operation: the operation and its variables.
    public func operation(_ operation: OperationKey) throws -> OperationRecord? {
        lock.withLock { operations[operation] }
    }

    /// The records and operations held now, unchanged by later writes.
    public func recordSnapshot() -> any RecordSource {
        lock.withLock { DictionarySnapshot(records: records, operations: operations) }
    }

    /// Every record held now, for a collection.
    public func allRecords() throws -> [RecordID: StoreRecord] {
        lock.withLock { records }
    }
}

/// The dictionaries of a ``DictionaryStore`` at one moment.
struct DictionarySnapshot: RecordSource {
    let records: [RecordID: StoreRecord]
    let operations: [OperationKey: OperationRecord]

    func record(_ id: RecordID) -> StoreRecord? { records[id] }
    func operation(_ key: OperationKey) -> OperationRecord? { operations[key] }
}
