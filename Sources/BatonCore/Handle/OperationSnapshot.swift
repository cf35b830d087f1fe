import struct Foundation.Date

/// Everything a handle says at one moment, as one value: what ``OperationHandle`` yields as an
/// `AsyncSequence` and what `baton fetch --watch` prints.
public struct OperationSnapshot<Data: Sendable>: Sendable {
    /// What there is to show.
    public var phase: Phase<Data>
    /// Whether a fetch is in flight while data is shown.
    public var isRefreshing: Bool
    /// Whether the data shown may not be current: never fetched, expired, invalidated, or missing data.
    public var isStale: Bool
    /// The last fetch.
    public var fetch: FetchState
    /// The field errors the read found beside their fields, in path order, then the operation's own.
    public var errors: [GraphQLError]
    /// The fields the read needed and the store lacks.
    public var missing: [MissingField]
    /// When the operation last fetched, as the store remembers it.
    public var fetched: Date?
}
