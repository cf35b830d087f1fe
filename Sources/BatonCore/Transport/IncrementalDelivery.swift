/// A deferred fragment or streamed list the server announced and will deliver later
/// (the incremental delivery format's `pending` entry).
public struct PendingResult: Sendable, Hashable {
    /// The server's name for it; ``IncrementalResult/id`` and ``CompletedResult/id`` refer to it.
    public var id: String
    /// Where in the response it belongs.
    public var path: [GraphQLError.PathElement]
    /// The `label` argument of its `@defer` or `@stream`, when it had one.
    public var label: String?

    /// A result the server announced.
    /// - Parameters:
    ///   - id: the server's name for it.
    ///   - path: where in the response it belongs.
    ///   - label: the directive's `label`.
    public init(id: String, path: [GraphQLError.PathElement], label: String? = nil) {
        self.id = id
        self.path = path
        self.label = label
    }
}

/// Data that arrived for a deferred fragment or a streamed list: one entry of `incremental`.
///
/// Reads both formats servers send: the current one names a ``PendingResult`` by ``id`` (with an
/// optional ``subPath`` below its path); the older one carries ``path`` and ``label`` itself,
/// either inside `incremental` or as the members of the payload.
public struct IncrementalResult: Sendable, Hashable {
    /// The ``PendingResult/id`` it delivers (current format).
    public var id: String?
    /// Where below the pending result's path the data belongs (current format).
    public var subPath: [GraphQLError.PathElement]?
    /// Where in the response the data belongs (older format).
    public var path: [GraphQLError.PathElement]?
    /// The `label` of its `@defer` or `@stream` (older format).
    public var label: String?
    /// The fields of a deferred fragment.
    public var data: JSONObject?
    /// The next items of a streamed list.
    public var items: [JSONValue]?
    /// Field errors raised while producing it, kept whole.
    public var errors: [GraphQLError]
    /// Its own `extensions`.
    public var extensions: JSONValue?

    /// Data that arrived for a pending result.
    /// - Parameters:
    ///   - id: the pending result it delivers (current format).
    ///   - subPath: where below the pending result's path the data belongs (current format).
    ///   - path: where in the response the data belongs (older format).
    ///   - label: the directive's `label` (older format).
    ///   - data: the fields of a deferred fragment.
    ///   - items: the next items of a streamed list.
    ///   - errors: field errors raised producing it.
    ///   - extensions: its own `extensions`.
    public init(
        id: String? = nil,
        subPath: [GraphQLError.PathElement]? = nil,
        path: [GraphQLError.PathElement]? = nil,
        label: String? = nil,
        data: JSONObject? = nil,
        items: [JSONValue]? = nil,
        errors: [GraphQLError] = [],
        extensions: JSONValue? = nil
    ) {
        self.id = id
        self.subPath = subPath
        self.path = path
        self.label = label
        self.data = data
        self.items = items
        self.errors = errors
        self.extensions = extensions
    }
}

/// A pending result the server has finished (the current format's `completed` entry). With
/// `errors`, it failed as a whole and delivered nothing more.
public struct CompletedResult: Sendable, Hashable {
    /// The ``PendingResult/id`` it finishes.
    public var id: String
    /// Why it failed, when it did, kept whole.
    public var errors: [GraphQLError]

    /// A pending result the server finished.
    /// - Parameters:
    ///   - id: the pending result it finishes.
    ///   - errors: why it failed, when it did.
    public init(id: String, errors: [GraphQLError] = []) {
        self.id = id
        self.errors = errors
    }
}
