extension RedisStore {
    /// Where the store's server is and how it keeps records there.
    public struct Options: Sendable, Hashable {
        /// The server: `redis://HOST[:PORT][/DB]` (a password as `redis://:PASSWORD@HOST`) or
        /// `unix:///PATH/redis.sock[?db=DB]`.
        public var url: String
        /// Keeps one schema's records apart from another's on the same server: every key starts
        /// with `{NAMESPACE}:`, so a new schema (a new namespace) never reads old records. Must not
        /// contain `{` or `}` (the braces make it the keys' Redis Cluster hash tag).
        public var namespace: String
        /// The password (`AUTH`), when the URL has none.
        public var password: String?
        /// How long a record or operation is kept after it was last written; `nil` keeps it until
        /// deleted. Redis drops it then, in every process at once: a collection never deletes
        /// shared records, so this is what bounds the namespace's size.
        public var ttl: Duration?
        /// How long connecting, or waiting for one reply, may take before the server counts as
        /// unreachable.
        public var timeout: Duration

        /// Options for the store on the Redis server at `url`.
        /// - Parameters:
        ///   - url: the server.
        ///   - namespace: the schema's namespace.
        ///   - password: the password, when the URL has none.
        ///   - ttl: how long a record is kept after its last write; `nil` for ever.
        ///   - timeout: how long a connect or a reply may take.
        public init(
            url: String, namespace: String = "baton", password: String? = nil, ttl: Duration? = nil, timeout: Duration = .seconds(2)
        ) {
            self.url = url
            self.namespace = namespace
            self.password = password
            self.ttl = ttl
            self.timeout = timeout
        }
    }
}
