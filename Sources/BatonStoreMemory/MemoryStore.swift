import BatonCore

import struct Foundation.Date

/// A ``Store`` that keeps everything in memory, for the life of the process.
///
/// Every call takes one lock for its whole length, so a read sees a write entirely or not at all,
/// and concurrent writes to the same record never lose each other's fields.
///
/// ```swift
/// let store = MemoryStore()
/// let result = try store.write(StoreWrite(records: [StoreRecord(id: RecordID("1"), typename: "User")]))
/// ```
public final class MemoryStore: Store {
    let state: Locked<MemoryStoreState>

    /// An empty store.
    public init() {
        state = Locked(MemoryStoreState())
    }

    /// A store holding what `snapshot` held.
    /// - Parameter snapshot: records and operations, as ``snapshot()`` returned them or built by hand.
    public init(snapshot: Snapshot) {
        state = Locked(MemoryStoreState(records: snapshot.records, operations: snapshot.operations))
    }

    /// Reads the records named in `read`; records the store does not hold are absent.
    /// - Parameter read: the records wanted.
    /// - Returns: each record held, by ID.
    public func read(_ read: StoreRead) -> [RecordID: StoreRecord] {
        state.withLock { $0.read(read.ids) }
    }

    /// Applies `write` atomically and reports exactly the records whose content changed.
    /// - Parameter write: the deletions, records and operations to apply.
    /// - Returns: the records whose content changed.
    @discardableResult
    public func write(_ write: StoreWrite) -> StoreWriteResult {
        StoreWriteResult(changed: state.withLock { $0.apply(write) })
    }

    /// When the operation with these variables last fetched and the errors kept on it.
    /// - Parameter operation: the operation and its variables.
    public func operation(_ operation: OperationKey) -> OperationRecord? {
        state.withLock { $0.operations[operation] }
    }
}
