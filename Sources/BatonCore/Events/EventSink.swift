import struct Foundation.Date

/// Something that happened in an environment, reported to its ``EventSink``s. Events carry a
/// classified kind and names, never a payload.
public struct Event: Sendable, Hashable {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// An operation was handed to its transport.
        case fetchStarted
        /// An operation's response (or a stream's last payload) arrived and was stored.
        case fetchSucceeded
        /// A fetch failed, or a stream ended, with a failure of this kind.
        case fetchFailed(Failure.Kind, message: String)
        /// A read found a field missing from a record: the owner will be refetched.
        case missing(fragment: String, record: RecordID, field: FieldKey)
        /// A read found `null` in a non-null position, or a value of another kind.
        case unexpected(fragment: String, record: RecordID, field: FieldKey, message: String)
        /// A `@required(action: LOG)` field was null and bubbled.
        case requiredFieldMissing(fragment: String, path: String)
        /// A persisted store started its file afresh: the file was unreadable and was moved to
        /// `movedTo`, or it was made for another schema and its contents were dropped (`movedTo` nil).
        case imageStartedAfresh(path: String, reason: String, movedTo: String?)
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
