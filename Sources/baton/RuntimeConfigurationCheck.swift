import Baton

/// The runtime's part of `baton.json`, checked by the commands that read the file for the
/// compiler: every plug-in name known and every plug-in's options decoded, nothing made and no
/// `${VARIABLE}` expanded (a build has no secrets).
enum RuntimeConfigurationCheck {
    /// - Throws: ``ConfigurationError`` naming the key path, the value and what is accepted.
    static func check(_ text: String, file: String) throws(ConfigurationError) {
        try PluginRegistry.standard.validate(RuntimeConfiguration(json: text, file: file, environment: nil))
    }
}
