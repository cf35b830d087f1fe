import struct Foundation.Date

/// The identity of a normalized record: the data ID (`id`, or the keys `baton.json` names for its
/// type), or a path from the root for an object without one.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The record of the query root type.
    public static let queryRoot = RecordID("client:root")

    public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}

/// A field of a record: its schema name plus its arguments, canonically printed, so the same
/// field read with other arguments is another field (`friends(first:10)`).
public struct FieldKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public static func < (lhs: FieldKey, rhs: FieldKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { rawValue }
}

/// What a record holds for one field. A field a record does not hold at all is *missing*, which is
/// not a value: it is the absence of the key.
public indirect enum FieldValue: Sendable, Hashable {
    /// A scalar or enum value, or a JSON null.
    case scalar(JSONValue)
    /// A link to another record.
    case link(RecordID)
    /// A list of values (links, scalars, nulls, nested lists).
    case list([FieldValue])
    /// The field failed: null, with the errors the server sent for it, kept whole.
    case errors([GraphQLError])
}

/// One normalized record: its type and the fields fetched so far.
public struct Record: Sendable, Hashable {
    public var id: RecordID
    public var typename: String
    public var fields: [FieldKey: FieldValue]

    public init(id: RecordID, typename: String, fields: [FieldKey: FieldValue] = [:]) {
        self.id = id
        self.typename = typename
        self.fields = fields
    }
}

/// Reads from a store: the records wanted.
public struct StoreRead: Sendable, Hashable {
    public var ids: [RecordID]

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

    public init(operationID: String, variables: String) {
        self.operationID = operationID
        self.variables = variables
    }

    public var description: String { "\(operationID)(\(variables))" }
}

/// A write to a store, applied atomically: records to merge field by field, records to delete,
/// and the operations (with their variables) that fetched and when.
public struct StoreWrite: Sendable, Hashable {
    public var records: [Record]
    public var deletions: [RecordID]
    public var fetchedOperations: [OperationKey: Date]

    public init(records: [Record] = [], deletions: [RecordID] = [], fetchedOperations: [OperationKey: Date] = [:]) {
        self.records = records
        self.deletions = deletions
        self.fetchedOperations = fetchedOperations
    }
}

/// What a store reports after a write: the records whose content changed, so only the handles
/// that saw them are read again.
public struct StoreWriteResult: Sendable, Hashable {
    public var changed: Set<RecordID>

    public init(changed: Set<RecordID>) {
        self.changed = changed
    }
}

/// Keeps normalized records, the errors beside their fields, and when each operation fetched:
/// the seam the memory store, the SQLite image and an app's own store plug into.
///
/// ## What an implementation must do
/// - Return exactly what was written: a field never written is absent (missing), never `null`;
///   an error stored beside a field comes back whole, `extensions` included.
/// - Apply a ``StoreWrite`` atomically: after a crash mid-write, a reader sees all of it or none.
/// - Merge a written record field by field into what is stored, keeping fields it does not name.
/// - Be safe to call from any thread at once.
///
/// ## What it may throw
/// - Its own errors when its medium fails (disk full, a corrupt file); nothing already stored
///   may be lost by a failed write.
///
/// ## What it must never do
/// - Invent a value for a field it does not hold, or drop a field's errors.
public protocol Store: Sendable {
    /// Reads the records named in `read`; records the store does not hold are absent from the result.
    func read(_ read: StoreRead) throws -> [RecordID: Record]

    /// Applies `write` atomically and reports which records changed.
    func write(_ write: StoreWrite) throws -> StoreWriteResult

    /// When the operation with these variables last fetched, or `nil` if never.
    func lastFetched(_ operation: OperationKey) throws -> Date?
}
