import struct Foundation.Date

/// Something that happened in an environment, reported to its ``EventSink``s. Events carry a
/// classified kind and names, never a payload value, a variable or a header.
public struct Event: Sendable, Hashable {
    /// What happened: a kind with a stable dotted ``name`` for logs (`fetch.failed`) and typed
    /// accessors for what it names.
    ///
    /// A struct, not an enum, so that Baton can add kinds without breaking a sink: a sink
    /// branches on ``name`` or on the accessors (each `nil` for other kinds) and passes over
    /// kinds it does not know.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's stable name, as logs spell it.
        public let name: String
        let details: Details

        enum Details: Sendable, Hashable {
            case none
            case fetchFailed(Failure.Kind, message: String)
            case field(owner: String, record: RecordID, field: FieldKey)
            case unexpected(owner: String, record: RecordID, field: FieldKey, message: String)
            case required(owner: String, path: String)
            case fieldError(path: [GraphQLError.PathElement], code: String?)
            case published(changedRecords: Int)
            case retried(attempt: Int, wait: Duration)
            case batch(size: Int)
            case image(path: String, reason: String, movedTo: String?)
            case changedElsewhere(records: Int, operations: Int, lost: Bool)
            case connection(RecordID)
            case identity(field: String, candidates: [RecordID])
            case uploadProgress(sent: Int64, total: Int64)
        }

        /// An operation was handed to its transport, or a subscription (re)subscribed (`fetch.started`).
        public static let fetchStarted = Kind(name: "fetch.started", details: .none)
        /// An operation's response (or a stream's last payload) arrived and was stored, or the server
        /// completed a subscription (`fetch.succeeded`).
        public static let fetchSucceeded = Kind(name: "fetch.succeeded", details: .none)

        /// A fetch failed, or a stream ended, with a failure of this kind; for a subscription, each
        /// subscribing that failed, a dropped connection that is resubscribed too (`fetch.failed`).
        /// - Parameters:
        ///   - kind: the failure's kind.
        ///   - message: what went wrong, in words Baton chose (never a payload's).
        public static func fetchFailed(_ kind: Failure.Kind, message: String) -> Kind {
            Kind(name: "fetch.failed", details: .fetchFailed(kind, message: message))
        }

        /// A request failed in a way worth another attempt, which follows after `wait` (`fetch.retried`).
        /// - Parameters:
        ///   - attempt: the attempt that follows, counting the first as 1 (so 2 for the first retry).
        ///   - wait: how long the transport waits before it.
        public static func fetchRetried(attempt: Int, wait: Duration) -> Kind {
            Kind(name: "fetch.retried", details: .retried(attempt: attempt, wait: wait))
        }

        /// Part of a request with uploads was sent (`upload.progress`): reported as the transport
        /// sends the body, at most about every 2% of it, and once when all of it is sent.
        /// - Parameters:
        ///   - sent: the bytes of the body sent so far.
        ///   - total: the body's whole length in bytes.
        public static func uploadProgress(sent: Int64, total: Int64) -> Kind {
            Kind(name: "upload.progress", details: .uploadProgress(sent: sent, total: total))
        }

        /// A batch of operations was sent as one request (`batch.sent`).
        /// - Parameter size: how many operations it holds.
        public static func batchSent(size: Int) -> Kind {
            Kind(name: "batch.sent", details: .batch(size: size))
        }

        /// A read found a field missing from a record; the owner will be refetched (`missing`).
        /// - Parameters:
        ///   - fragment: the operation or fragment that read it.
        ///   - record: the record that lacks it.
        ///   - field: the field's storage key (or, reading a response, its response key).
        public static func missing(fragment: String, record: RecordID, field: FieldKey) -> Kind {
            Kind(name: "missing", details: .field(owner: fragment, record: record, field: field))
        }

        /// A read found `null` in a non-null position, or a value of another kind (`unexpected`).
        /// - Parameters:
        ///   - fragment: the operation or fragment that read it.
        ///   - record: the record read.
        ///   - field: the field.
        ///   - message: what was expected and the kind found, never the value.
        public static func unexpected(fragment: String, record: RecordID, field: FieldKey, message: String) -> Kind {
            Kind(name: "unexpected", details: .unexpected(owner: fragment, record: record, field: field, message: message))
        }

        /// A `@required(action: LOG)` field was null and bubbled (`requiredFieldMissing`).
        /// - Parameters:
        ///   - fragment: the operation or fragment that selected it.
        ///   - path: its response path, dotted.
        public static func requiredFieldMissing(fragment: String, path: String) -> Kind {
            Kind(name: "requiredFieldMissing", details: .required(owner: fragment, path: path))
        }

        /// A read found a field error (`fieldError`): only where it is and its `extensions.code`.
        /// - Parameters:
        ///   - path: the error's response path.
        ///   - code: its `extensions.code`, when a string.
        public static func fieldError(path: [GraphQLError.PathElement], code: String?) -> Kind {
            Kind(name: "fieldError", details: .fieldError(path: path, code: code))
        }

        /// A write was published into a store (`store.published`).
        /// - Parameter changedRecords: how many records it changed.
        public static func storePublished(changedRecords: Int) -> Kind {
            Kind(name: "store.published", details: .published(changedRecords: changedRecords))
        }

        /// A shared store (``ChangeFeedStore``) reported changes made outside this environment,
        /// and the handles that saw them were read again (`store.changedElsewhere`).
        /// - Parameters:
        ///   - changedRecords: how many records it named.
        ///   - operations: how many operations it named.
        ///   - lost: whether changes were lost, so every handle was read again.
        public static func storeChangedElsewhere(changedRecords: Int, operations: Int, lost: Bool) -> Kind {
            Kind(name: "store.changedElsewhere", details: .changedElsewhere(records: changedRecords, operations: operations, lost: lost))
        }

        /// A persisted store started its file afresh (`image.startedAfresh`): the file was
        /// unreadable and was moved to `movedTo`, or it was made for another schema and its
        /// contents were dropped (`movedTo` nil).
        /// - Parameters:
        ///   - path: the image's file.
        ///   - reason: why, in words.
        ///   - movedTo: where the old file went, if it was kept.
        public static func imageStartedAfresh(path: String, reason: String, movedTo: String?) -> Kind {
            Kind(name: "image.startedAfresh", details: .image(path: path, reason: reason, movedTo: movedTo))
        }

        /// A page of a connection was not merged (`connection.pageIgnored`): it continues after
        /// (or before) a cursor that is not the connection's end (or start), as Relay ignores it.
        /// - Parameter connection: the connection record's ID.
        public static func connectionPageIgnored(connection: RecordID) -> Kind {
            Kind(name: "connection.pageIgnored", details: .connection(connection))
        }

        /// An edge directive named a connection the store does not hold, and skipped it
        /// (`connection.notFound`).
        /// - Parameter connection: the ID the directive named.
        public static func connectionNotFound(connection: RecordID) -> Kind {
            Kind(name: "connection.notFound", details: .connection(connection))
        }

        /// A lookup root field (`node(id: "1")`, `baton.json` `lookups`) matched more than one
        /// record the store holds, so the store did not answer it and the operation is fetched
        /// (`ambiguousIdentity`).
        /// - Parameters:
        ///   - field: the root field's storage key (`node(id:"1")`).
        ///   - candidates: the records it matched.
        public static func ambiguousIdentity(field: String, candidates: [RecordID]) -> Kind {
            Kind(name: "ambiguousIdentity", details: .identity(field: field, candidates: candidates))
        }

        /// The root field and the records it matched, for `ambiguousIdentity`.
        public var ambiguousIdentity: (field: String, candidates: [RecordID])? {
            if case .identity(let field, let candidates) = details { return (field, candidates) }
            return nil
        }

        /// The connection, for `connection.pageIgnored` and `connection.notFound`.
        public var connection: RecordID? {
            if case .connection(let id) = details { return id }
            return nil
        }

        /// The failure's kind and message, for `fetch.failed`.
        public var fetchFailure: (kind: Failure.Kind, message: String)? {
            if case .fetchFailed(let kind, let message) = details { return (kind, message) }
            return nil
        }

        /// The field that was missing, for `missing`.
        public var missingField: MissingField? {
            if case .field(let owner, let record, let field) = details {
                return MissingField(owner: owner, record: record, field: field)
            }
            return nil
        }

        /// The field read and what was wrong with it, for `unexpected`.
        public var unexpectedField: (field: MissingField, message: String)? {
            if case .unexpected(let owner, let record, let field, let message) = details {
                return (MissingField(owner: owner, record: record, field: field), message)
            }
            return nil
        }

        /// The owner and dotted path of the field, for `requiredFieldMissing`.
        public var requiredField: (owner: String, path: String)? {
            if case .required(let owner, let path) = details { return (owner, path) }
            return nil
        }

        /// Where the error was and its code, for `fieldError`.
        public var fieldError: (path: [GraphQLError.PathElement], code: String?)? {
            if case .fieldError(let path, let code) = details { return (path, code) }
            return nil
        }

        /// The attempt that follows and the wait before it, for `fetch.retried`.
        public var retry: (attempt: Int, wait: Duration)? {
            if case .retried(let attempt, let wait) = details { return (attempt, wait) }
            return nil
        }

        /// The bytes sent so far and the body's length, for `upload.progress`.
        public var uploadProgress: (sent: Int64, total: Int64)? {
            if case .uploadProgress(let sent, let total) = details { return (sent, total) }
            return nil
        }

        /// How many operations the batch holds, for `batch.sent`.
        public var batchSize: Int? {
            if case .batch(let size) = details { return size }
            return nil
        }

        /// How many records changed, for `store.published`.
        public var changedRecords: Int? {
            if case .published(let count) = details { return count }
            return nil
        }

        /// How many records and operations changed, and whether changes were lost, for
        /// `store.changedElsewhere`.
        public var changedElsewhere: (records: Int, operations: Int, lost: Bool)? {
            if case .changedElsewhere(let records, let operations, let lost) = details { return (records, operations, lost) }
            return nil
        }

        /// The file, the reason and where the old file went, for `image.startedAfresh`.
        public var imageStartedAfresh: (path: String, reason: String, movedTo: String?)? {
            if case .image(let path, let reason, let movedTo) = details { return (path, reason, movedTo) }
            return nil
        }

        public var description: String { name }
    }

    /// What happened.
    public var kind: Kind
    /// The operation's name, when the event concerns an operation.
    public var operationName: String?
    /// When it happened.
    public var time: Date

    /// An event that happened at `time`.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - operationName: The operation it concerns, if any.
    ///   - time: When it happened; now by default.
    public init(_ kind: Kind, operationName: String? = nil, time: Date = Date()) {
        self.kind = kind
        self.operationName = operationName
        self.time = time
    }
}

/// Receives an environment's events: logs, metrics, a debugger.
///
/// ## What an implementation must do
/// - Return quickly and never block: it is called on the paths that fetch and read.
/// - Be safe to call from any thread at once.
///
/// ## What it must never do
/// - Throw or trap; an event sink cannot fail an operation.
public protocol EventSink: Sendable {
    /// Receives one event.
    func receive(_ event: Event)
}
