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

/// A source whose contents never change, such as a store's snapshot: data read from it may
/// read it again later and find what the read found.
package protocol SnapshotRecordSource: RecordSource, Sendable {}

/// A source holding exactly the records and operations in two tables: for tests, for a
/// write not yet applied, and for a store that can hand its tables out cheaply.
package struct RecordTables: RecordSource, Sendable, Hashable {
    /// The records, by ID.
    package var records: [RecordID: StoreRecord]
    /// What is kept about each operation with its variables.
    package var operations: [OperationKey: OperationRecord]

    /// A source holding `records` and `operations`.
    /// - Parameters:
    ///   - records: the records, by ID.
    ///   - operations: what is kept about each operation.
    package init(records: [RecordID: StoreRecord] = [:], operations: [OperationKey: OperationRecord] = [:]) {
        self.records = records
        self.operations = operations
    }

    /// The record with ID `id`.
    package func record(_ id: RecordID) -> StoreRecord? { records[id] }

    /// What is kept about the operation `key`.
    package func operation(_ key: OperationKey) -> OperationRecord? { operations[key] }
}

extension RecordTables: SnapshotRecordSource {}
