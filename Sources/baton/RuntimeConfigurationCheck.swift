import Baton

/// The runtime's part of `baton.json`, checked by the commands that read the file for the
/// compiler: every plug-in name known and every plug-in's options decoded, nothing made and no
/// `${VARIABLE}` expanded (a build has no secrets).
enum RuntimeConfigurationCheck {
    /// - Returns: the runtime's part, for what the compiler's commands take from it (the manifest's path).
    /// - Throws: ``ConfigurationError`` naming the key path, the value and what is accepted.
    @discardableResult
    static func check(_ text: String, file: String) throws(ConfigurationError) -> RuntimeConfiguration {
        let configuration = try RuntimeConfiguration(json: text, file: file, environment: nil)
        try PluginRegistry.standard.validate(configuration)
        return configuration
    }
}
