import BatonCore

import struct Foundation.Date

/// The writes a write-behind store has shown to readers but not yet stored: what each record
/// and operation they named became, and what they wrote to it, so that the next flush can store
/// them and merge them again onto whatever another process stored meanwhile.
struct PendingWrites {
    /// What the pending writes did to one record.
    enum Change {
        /// They merged these fields in (the record's own, merged in write order).
        case merged(StoreRecord)
        /// They deleted it (it was at `row` in the image, 0 if never stored), then wrote these
        /// fields, or none.
        case replaced(StoreRecord?, row: Int64)
    }

    var records: [RecordID: Change] = [:]
    var operations: [OperationKey: (fetched: Date?, errors: [GraphQLError]?, invalidated: Date?)] = [:]
    /// Why the last flush in the background failed; thrown by the next ``SQLiteStore/flush()``.
    var failure: SQLiteStoreError?

    var isEmpty: Bool { records.isEmpty && operations.isEmpty }

    /// Notes `write`, given the row each record holds in the image now.
    mutating func note(_ write: StoreWrite, row: (RecordID) -> Int64) {
        for id in write.deletions {
            if case .replaced(_, let held)? = records[id] {
                records[id] = .replaced(nil, row: held)
            } else {
                records[id] = .replaced(nil, row: row(id))
            }
        }
        for record in write.records {
            switch records[record.id] {
            case nil: records[record.id] = .merged(record)
            case .merged(let earlier)?: records[record.id] = .merged(earlier.merging(record))
            case .replaced(let earlier, let held)?: records[record.id] = .replaced(earlier?.merging(record) ?? record, row: held)
            }
        }
        for (key, fetched) in write.fetchedOperations { operations[key, default: (nil, nil, nil)].fetched = fetched }
        for (key, errors) in write.operationErrors { operations[key, default: (nil, nil, nil)].errors = errors }
        for (key, invalidated) in write.invalidatedOperations { operations[key, default: (nil, nil, nil)].invalidated = invalidated }
    }

    /// What record `id` is once the pending writes are laid over `stored`, what the image holds.
    func replay(_ id: RecordID, over stored: StoreRecord?) -> StoreRecord? {
        switch records[id] {
        case nil: return stored
        case .merged(let fields)?: return stored?.merging(fields) ?? fields
        case .replaced(let fields, _)?: return fields
        }
    }

    /// What operation `key` keeps once the pending writes are laid over `stored`.
    func replay(_ key: OperationKey, over stored: OperationRecord?) -> OperationRecord? {
        guard let change = operations[key] else { return stored }
        var operation = stored ?? OperationRecord()
        if let fetched = change.fetched { operation.fetched = fetched }
        if let errors = change.errors { operation.errors = errors }
        if let invalidated = change.invalidated { operation.invalidated = invalidated }
        return operation
    }
}
