/// Records and operation records to read from at one moment: a store's snapshot, or a snapshot
/// with optimistic layers laid over it: what Baton's reader and normalizer read.
///
/// ## What an implementation must do
/// - Answer from one consistent moment: two calls during one read see the same contents.
/// - Return a record exactly as stored: a field never written is absent, never `null`.
/// - Be cheap per call: a read calls ``record(_:)`` once for every record it reaches.
public protocol RecordSource {
    /// The record with ID `id`, or `nil` when the source holds none.
    /// - Parameter id: the record wanted.
    func record(_ id: RecordID) -> StoreRecord?

    /// What the source keeps about an operation with its variables, or `nil` when nothing.
    /// - Parameter key: the operation and its variables.
    func operation(_ key: OperationKey) -> OperationRecord?
}
