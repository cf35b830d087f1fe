import struct Foundation.Date

/// Keeps normalized records, the errors beside their fields, and when each operation fetched:
/// the seam the memory store, the SQLite image and an app's own store plug into.
///
/// ## What an implementation must do
/// - Return exactly what was written: a field never written is absent (missing), never `null`;
///   an error stored beside a field comes back whole, `extensions` included.
/// - Apply a ``StoreWrite`` atomically: after a crash mid-write, a reader sees all of it or none;
///   a reader running beside the write sees the store before it or after it, never between.
/// - Merge a written record field by field into what is stored, keeping fields it does not name.
/// - Report in ``StoreWriteResult/changed`` exactly the records whose content changed.
/// - Keep per operation what a write names for it (fetch time, errors, invalidation time), each
///   part replaced only by a later write naming that part.
/// - Be safe to call from any thread at once.
///
/// ## What it may throw
/// - Its own errors when its medium fails (disk full, a corrupt file); nothing already stored
///   may be lost by a failed write.
///
/// ## What it must never do
/// - Invent a value for a field it does not hold, or drop a field's errors.
///
/// `StoreConformance` in `BatonTestSupport` checks all of this.
public protocol Store: Sendable {
    /// Reads the records named in `read`; records the store does not hold are absent from the result.
    /// - Parameter read: the records wanted; an ID named twice is read once.
    /// - Returns: each record held, by ID, exactly as written and merged.
    /// - Throws: the store's own error when its medium fails.
    func read(_ read: StoreRead) throws -> [RecordID: StoreRecord]

    /// Applies `write` atomically and reports which records changed.
    /// - Parameter write: the records, deletions and operations to apply, in the order
    ///   ``StoreWrite`` describes.
    /// - Returns: the records whose content changed.
    /// - Throws: the store's own error when its medium fails; the store then holds what it held before.
    func write(_ write: StoreWrite) throws -> StoreWriteResult

    /// What the store keeps about an operation with these variables: when it last fetched, the
    /// errors kept on it (``StoreWrite/operationErrors``) and when it was last invalidated
    /// (``StoreWrite/invalidatedOperations``); `nil` when it keeps nothing.
    ///
    /// There is no default: a store that dropped the operation's errors would make a cached read
    /// differ from the fresh one.
    /// - Parameter operation: the operation and its variables.
    /// - Throws: the store's own error when its medium fails.
    func operation(_ operation: OperationKey) throws -> OperationRecord?
}
