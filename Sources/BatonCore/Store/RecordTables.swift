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
