import BatonCore
import BatonStoreSQLite

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
