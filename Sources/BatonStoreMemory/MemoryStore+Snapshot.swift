import BatonCore

extension MemoryStore {
    /// Everything a memory store holds at one moment: for tests, for seeding a store, and for
    /// handing its contents to another store.
    public struct Snapshot: Sendable, Hashable {
        /// The records, by ID.
        public var records: [RecordID: StoreRecord]
        /// What the store keeps about each operation with its variables.
        public var operations: [OperationKey: OperationRecord]

        /// A snapshot of the given records and operation records.
        /// - Parameters:
        ///   - records: the records, by ID.
        ///   - operations: fetch times and errors per operation with its variables.
        public init(records: [RecordID: StoreRecord] = [:], operations: [OperationKey: OperationRecord] = [:]) {
            self.records = records
            self.operations = operations
        }
    }

    /// Everything the store holds now, consistent with one moment between writes.
    ///
    /// Taking one costs nothing up front; the next write copies the store's tables once, as the
    /// snapshot still shares them.
    public func snapshot() -> Snapshot {
        state.withLock { Snapshot(records: $0.records, operations: $0.operations) }
    }

    /// The IDs of every record the store holds.
    public var recordIDs: Set<RecordID> {
        state.withLock { Set($0.records.keys) }
    }
}
