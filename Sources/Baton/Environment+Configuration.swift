import BatonCore
import Foundation

extension Environment {
    /// An environment assembled from `baton.json`: the transport (which carries subscriptions
    /// too), the store and the event sinks it names, resolved in `registry`, with its `onError`
    /// and `store.options.expiration`.
    /// - Parameters:
    ///   - configuration: the runtime's part of the file.
    ///   - registry: where names resolve; the built-in plug-ins by default.
    /// - Throws: ``ConfigurationError`` for an unknown name or bad options; otherwise what a
    ///   plug-in's factory threw, unchanged.
    public convenience init(configuration: RuntimeConfiguration, registry: PluginRegistry = .standard) throws {
        let parts = try registry.assemble(configuration)
        self.init(
            transport: parts.transport, subscriptionTransport: parts.transport, store: parts.store, events: [parts.events],
            options: Options(onError: parts.onError, expiration: parts.expiration))
    }

    /// An environment assembled from the `baton.json` at `path`, `${VARIABLE}` references
    /// expanded from this process's environment.
    /// - Parameters:
    ///   - path: the file; paths inside it are relative to its directory.
    ///   - registry: where names resolve; the built-in plug-ins by default.
    /// - Throws: ``ConfigurationError`` for a file that cannot be read or used; otherwise what a
    ///   plug-in's factory threw, unchanged.
    public convenience init(configurationFile path: String, registry: PluginRegistry = .standard) throws {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ConfigurationError(file: path, key: "", value: "unreadable", accepted: "a readable baton.json")
        }
        try self.init(
            configuration: RuntimeConfiguration(json: text, file: path, environment: ProcessInfo.processInfo.environment),
            registry: registry)
    }
}
