/// A plug-in's options, decoded strictly from its `options` object in `baton.json`.
///
/// ```swift
/// struct VaultStoreOptions: PluginOptions {
///     var region: String
///     var retries: Int
///
///     init(configuration options: ConfigurationValue) throws(ConfigurationError) {
///         let object = try options.object(keys: ["region", "retries"])
///         guard let region = try object["region"].string() else {
///             throw object["region"].error(accepted: "a region name, such as \"eu-1\"")
///         }
///         self.region = region
///         retries = try object["retries"].integer(in: 0...10) ?? 3
///     }
/// }
/// ```
public protocol PluginOptions: Sendable {
    /// Decodes the options; `options` is absent when the file gives none.
    /// - Parameter options: the `options` value, with its key path.
    /// - Throws: ``ConfigurationError`` naming the key path, the value and what is accepted.
    init(configuration options: ConfigurationValue) throws(ConfigurationError)
}

/// The options of a plug-in that takes none: any `options` key but an empty object is an error.
public struct NoOptions: PluginOptions {
    /// Accepts an absent or empty `options`.
    /// - Parameter options: the `options` value.
    /// - Throws: ``ConfigurationError`` for any key.
    public init(configuration options: ConfigurationValue) throws(ConfigurationError) {
        _ = try options.object(keys: [])
    }
}
