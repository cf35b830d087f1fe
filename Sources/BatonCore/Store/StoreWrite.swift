import struct Foundation.Date

/// Reads from a store: the records wanted.
public struct StoreRead: Sendable, Hashable {
    /// The records wanted.
    public var ids: [RecordID]

    /// A read of the records `ids`.
    public init(ids: [RecordID]) {
        self.ids = ids
    }
}

/// An operation with its variables, as the store remembers when it last fetched.
public struct OperationKey: Sendable, Hashable, CustomStringConvertible {
    /// The operation's stable id (SHA-256 of its document).
    public var operationID: String
    /// The variables, canonically printed.
    public var variables: String

    /// The key of an operation fetched with `variables`.
    /// - Parameters:
    ///   - operationID: The operation's stable id.
    ///   - variables: The variables, canonically printed.
    public init(operationID: String, variables: String) {
        self.operationID = operationID
        self.variables = variables
    }

    public var description: String { "\(operationID)(\(variables))" }
}

/// What a store keeps about one operation with its variables, beside the records it wrote.
public struct OperationRecord: Sendable, Hashable {
    /// When the operation last fetched; `nil` when no write named a fetch time for it.
    public var fetched: Date?
    /// The errors of its last fetch that belong to no stored field (no path, or a path the
    /// response did not reach), kept whole so a cached read surfaces them as the fresh read did.
    public var errors: [GraphQLError]
    /// When the operation was last invalidated (``OperationHandle/invalidate()``); `nil` when never.
    public var invalidated: Date?

    /// What a store keeps about an operation.
    /// - Parameters:
    ///   - fetched: when the operation last fetched.
    ///   - errors: the errors kept on the operation.
    ///   - invalidated: when the operation was last invalidated.
    public init(fetched: Date? = nil, errors: [GraphQLError] = [], invalidated: Date? = nil) {
        self.fetched = fetched
        self.errors = errors
        self.invalidated = invalidated
    }

    /// Whether an invalidation came after the last fetch (or there was no fetch): the data is
    /// stale until the operation fetches again.
    public var isInvalidated: Bool {
        guard let invalidated else { return false }
        guard let fetched else { return true }
        return invalidated >= fetched
    }
}

/// A write to a store, applied atomically: records to merge field by field, records to delete,
/// and the operations (with their variables) that fetched, when, the errors kept on them, and
/// those invalidated.
///
/// A store applies the parts in this order: ``deletions`` first, then ``records`` in order (a
/// record named twice merges twice, the later field winning), then the operations. So a record
/// both deleted and written ends holding only the fields written: deleting and writing an ID in
/// one write replaces the record.
public struct StoreWrite: Sendable, Hashable {
    /// Records to merge in, field by field, in order.
    public var records: [StoreRecord]
    /// Records to delete, before ``records`` are merged.
    public var deletions: [RecordID]
    /// When each operation, with its variables, fetched.
    public var fetchedOperations: [OperationKey: Date]
    /// The errors each operation's fetch returned that belong to no stored field. They replace
    /// what the store kept for that operation; an empty list clears it.
    public var operationErrors: [OperationKey: [GraphQLError]]
    /// When each operation, with its variables, was invalidated. A store keeps the time as given
    /// (``OperationRecord/invalidated``); a later fetch time makes it no longer count.
    public var invalidatedOperations: [OperationKey: Date]

    /// A write; every part is empty by default.
    /// - Parameters:
    ///   - records: Records to merge in, field by field, in order.
    ///   - deletions: Records to delete first.
    ///   - fetchedOperations: When each operation fetched.
    ///   - operationErrors: The errors each operation's fetch returned that belong to no stored field.
    ///   - invalidatedOperations: When each operation was invalidated.
    public init(
        records: [StoreRecord] = [],
        deletions: [RecordID] = [],
        fetchedOperations: [OperationKey: Date] = [:],
        operationErrors: [OperationKey: [GraphQLError]] = [:],
        invalidatedOperations: [OperationKey: Date] = [:]
    ) {
        self.records = records
        self.deletions = deletions
        self.fetchedOperations = fetchedOperations
        self.operationErrors = operationErrors
        self.invalidatedOperations = invalidatedOperations
    }
}

/// What a store reports after a write: the records whose content changed, so only the handles
/// that saw them are read again.
public struct StoreWriteResult: Sendable, Hashable {
    /// Exactly the records whose typename or fields differ from before the write, and the
    /// records it deleted that the store held. A write of the values already held changes nothing.
    public var changed: Set<RecordID>

    /// A result naming the records a write changed.
    public init(changed: Set<RecordID>) {
        self.changed = changed
    }
}
