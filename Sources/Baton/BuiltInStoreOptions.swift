import BatonCore
import BatonStoreSQLite

#if BATON_REDIS
    import BatonStoreRedis
#endif

/// The options of the built-in `sqlite` store in `baton.json` (`store.options`): `path` (required,
/// relative to the file's directory) and `sizeLimit` (bytes the records may take before the
/// least recently used are evicted; 64 MiB by default).
public struct SQLiteStoreConfiguration: PluginOptions {
    /// The image's path, as the file gives it.
    public var path: String
    /// The most bytes the records may take.
    public var sizeLimit: Int

    /// Decodes `store.options`.
    /// - Parameter options: `store.options`.
    /// - Throws: ``ConfigurationError`` naming the key, the value and what is accepted.
    public init(configuration options: ConfigurationValue) throws(ConfigurationError) {
        let object = try options.object(keys: ["path", "sizeLimit"])
        guard let path = try object["path"].string() else {
            throw object["path"].error(accepted: "the image file's path, such as \"cache.sqlite\" (relative to baton.json)")
        }
        self.path = path
        sizeLimit = try object["sizeLimit"].integer(in: 1024...Int(Int32.max) * 1024) ?? SQLiteStore.Options().sizeLimit
    }
}

#if BATON_REDIS
    /// The options of the built-in `redis` store in `baton.json`, beside its name or in
    /// `store.options`: `url` (required: `redis://HOST[:PORT][/DB]` or `unix:///PATH`), `namespace`
    /// (`"baton"` by default), `password` (`${VARIABLE}` expands), `ttl` (seconds a record is kept
    /// after its last write; none by default) and `timeout` (seconds a connect or a reply may take; 2).
    public struct RedisStoreConfiguration: PluginOptions {
        /// The store's options.
        public var options: RedisStore.Options

        /// Decodes the store's options.
        /// - Parameter options: the options.
        /// - Throws: ``ConfigurationError`` naming the key, the value and what is accepted.
        public init(configuration options: ConfigurationValue) throws(ConfigurationError) {
            let object = try options.object(keys: ["url", "namespace", "password", "ttl", "timeout"])
            guard let url = try object["url"].string() else {
                throw object["url"].error(accepted: "the server's URL, such as \"redis://localhost:6379/0\" or \"unix:///run/redis/redis.sock\"")
            }
            var made = RedisStore.Options(url: url)
            if let namespace = try object["namespace"].string() {
                guard !namespace.contains("{"), !namespace.contains("}") else {
                    throw object["namespace"].error(accepted: "a namespace without { or }, such as \"app:v3\"")
                }
                made.namespace = namespace
            }
            made.password = try object["password"].string()
            if let ttl = try object["ttl"].integer(in: 1...Int(Int32.max)) { made.ttl = .seconds(ttl) }
            if let timeout = try object["timeout"].integer(in: 1...3600) { made.timeout = .seconds(timeout) }
            self.options = made
        }
    }
#endif
