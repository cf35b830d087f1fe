extension Environment {
    /// What every operation in an environment shares.
    public struct Options: Sendable {
        /// Header fields sent with every operation, before the transport's own.
        public var headers: [HeaderField]
        /// The `onError` behaviour sent with every operation; `nil` sends each operation's own
        /// (from `baton.json` at generation), or none.
        public var onError: GraphQLRequest.ErrorBehavior?
        /// How long fetched data stays fresh; `nil` keeps it fresh until invalidated. An
        /// operation's `@cacheExpiration(seconds:)` overrides it.
        public var expiration: Duration?
        /// How long one exchange may take; `nil` for the transport's own default.
        public var timeout: Duration?
        /// How many released operations keep their records before a collection may take them (Relay's 10).
        public var releaseBufferSize: Int
        /// How a subscription reconnects after its connection drops.
        public var reconnect: ReconnectPolicy

        /// Options; every one has a default.
        /// - Parameters:
        ///   - headers: Header fields sent with every operation.
        ///   - onError: The `onError` behaviour sent with every operation.
        ///   - expiration: How long fetched data stays fresh; `nil` for ever.
        ///   - timeout: How long one exchange may take.
        ///   - releaseBufferSize: How many released operations keep their records (10).
        ///   - reconnect: How a subscription reconnects.
        public init(
            headers: [HeaderField] = [],
            onError: GraphQLRequest.ErrorBehavior? = nil,
            expiration: Duration? = nil,
            timeout: Duration? = nil,
            releaseBufferSize: Int = 10,
            reconnect: ReconnectPolicy = ReconnectPolicy()
        ) {
            self.headers = headers
            self.onError = onError
            self.expiration = expiration
            self.timeout = timeout
            self.releaseBufferSize = releaseBufferSize
            self.reconnect = reconnect
        }
    }
}

/// How a subscription comes back after its connection drops: waits of ``initialDelay``, doubling
/// up to ``maximumDelay``, each jittered to between half and all of it.
public struct ReconnectPolicy: Sendable, Hashable {
    /// The first wait (1 s).
    public var initialDelay: Duration
    /// The longest wait (30 s).
    public var maximumDelay: Duration
    /// How many reconnections in a row may fail before the subscription ends with the last
    /// failure; `nil` never gives up.
    public var maximumAttempts: Int?

    /// A policy of waits doubling from `initialDelay` up to `maximumDelay`.
    /// - Parameters:
    ///   - initialDelay: The first wait.
    ///   - maximumDelay: The longest wait.
    ///   - maximumAttempts: Failed reconnections in a row before giving up; `nil` never.
    public init(initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30), maximumAttempts: Int? = nil) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.maximumAttempts = maximumAttempts
    }
}
