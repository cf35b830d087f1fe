import BatonCore
import Foundation

extension Environment {
    /// An environment assembled from `baton.json` and from code: the transport (which carries
    /// subscriptions too), the store and the event sinks the file names, resolved in `registry`,
    /// with the parts and options given here over the file's.
    ///
    /// What code gives wins over the file:
    /// - `transport` replaces the file's `transport`; the file's decorators (`retry`, `auth`,
    ///   `persistedOperations`, `batch`) still wrap it.
    /// - `store` replaces the file's `store`, which is then not made (no image file is opened).
    /// - `events` are added after the file's `events`, and receive every event they do.
    /// - `options` are used as given, but for the two the file sets too: the file's `onError`
    ///   and `store.options.expiration` fill ``Options/onError`` and ``Options/expiration`` only
    ///   where `options` leave them `nil`.
    ///
    /// ```swift
    /// let environment = try Environment(
    ///     configuration: RuntimeConfiguration(json: text, environment: ProcessInfo.processInfo.environment),
    ///     options: Environment.Options(timeout: .seconds(10), releaseBufferSize: 20),
    ///     store: MemoryStore())
    /// ```
    /// - Parameters:
    ///   - configuration: the runtime's part of the file.
    ///   - options: what every operation shares; the file fills `onError` and `expiration` where `nil`.
    ///   - transport: a transport to use instead of the file's; `nil` makes the file's.
    ///   - store: a store to use instead of the file's; `nil` makes the file's.
    ///   - events: sinks that receive the events after the file's.
    ///   - registry: where names resolve; the built-in plug-ins by default.
    /// - Throws: ``ConfigurationError`` for an unknown name or bad options; otherwise what a
    ///   plug-in's factory threw, unchanged.
    public convenience init(
        configuration: RuntimeConfiguration,
        options: Options = Options(),
        transport: (any Transport)? = nil,
        store: (any Store)? = nil,
        events: [any EventSink] = [],
        registry: PluginRegistry = .standard
    ) throws {
        let parts = try registry.assemble(configuration, transport: transport, store: store, events: events)
        var options = options
        options.onError = options.onError ?? parts.onError
        options.expiration = options.expiration ?? parts.expiration
        self.init(
            transport: parts.transport, subscriptionTransport: parts.transport, store: parts.store, events: [parts.events],
            options: options)
    }

    /// An environment assembled from the `baton.json` at `url`, such as the one an app's target
    /// carries as a resource, and from code, as ``init(configuration:options:transport:store:events:registry:)``
    /// assembles it. Paths inside the file (a SQLite image, a manifest, a certificate) are
    /// relative to its directory.
    ///
    /// ```swift
    /// // Package.swift: .executableTarget(name: "App", resources: [.copy("baton.json")], plugins: [...])
    /// let file = Bundle.module.url(forResource: "baton", withExtension: "json")!
    /// let environment = try Environment(configurationFile: file)
    /// ```
    /// - Parameters:
    ///   - url: the file's URL.
    ///   - variables: where `${VARIABLE}` references in the file are looked up; this process's
    ///     environment by default.
    ///   - options: what every operation shares; the file fills `onError` and `expiration` where `nil`.
    ///   - transport: a transport to use instead of the file's; `nil` makes the file's.
    ///   - store: a store to use instead of the file's; `nil` makes the file's.
    ///   - events: sinks that receive the events after the file's.
    ///   - registry: where names resolve; the built-in plug-ins by default.
    /// - Throws: ``ConfigurationError`` for a file that cannot be read or used; otherwise what a
    ///   plug-in's factory threw, unchanged.
    public convenience init(
        configurationFile url: URL,
        variables: [String: String] = ProcessInfo.processInfo.environment,
        options: Options = Options(),
        transport: (any Transport)? = nil,
        store: (any Store)? = nil,
        events: [any EventSink] = [],
        registry: PluginRegistry = .standard
    ) throws {
        try self.init(
            configuration: RuntimeConfiguration(contentsOf: url, variables: variables), options: options, transport: transport,
            store: store, events: events, registry: registry)
    }

    /// An environment assembled from the `baton.json` at `path`, `${VARIABLE}` references
    /// expanded from this process's environment, as ``init(configurationFile:variables:options:transport:store:events:registry:)``
    /// assembles it.
    /// - Parameters:
    ///   - path: the file; paths inside it are relative to its directory.
    ///   - options: what every operation shares; the file fills `onError` and `expiration` where `nil`.
    ///   - transport: a transport to use instead of the file's; `nil` makes the file's.
    ///   - store: a store to use instead of the file's; `nil` makes the file's.
    ///   - events: sinks that receive the events after the file's.
    ///   - registry: where names resolve; the built-in plug-ins by default.
    /// - Throws: ``ConfigurationError`` for a file that cannot be read or used; otherwise what a
    ///   plug-in's factory threw, unchanged.
    public convenience init(
        configurationFile path: String,
        options: Options = Options(),
        transport: (any Transport)? = nil,
        store: (any Store)? = nil,
        events: [any EventSink] = [],
        registry: PluginRegistry = .standard
    ) throws {
        try self.init(
            configuration: RuntimeConfiguration(contentsOfFile: path, variables: ProcessInfo.processInfo.environment),
            options: options, transport: transport, store: store, events: events, registry: registry)
    }
}

extension RuntimeConfiguration {
    /// Reads the runtime's part of the `baton.json` at `url`; paths inside it resolve against
    /// its directory.
    /// - Parameters:
    ///   - url: the file's URL.
    ///   - variables: where `${VARIABLE}` references are looked up; this process's environment by default.
    /// - Throws: ``ConfigurationError`` for a file that cannot be read, or as ``init(json:file:environment:)``.
    public init(contentsOf url: URL, variables: [String: String] = ProcessInfo.processInfo.environment) throws(ConfigurationError) {
        try self.init(contentsOfFile: url.path(percentEncoded: false), variables: variables)
    }

    /// Reads the runtime's part of the `baton.json` at `path`, named so in errors.
    init(contentsOfFile path: String, variables: [String: String]) throws(ConfigurationError) {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, key: "", value: "unreadable", accepted: "a readable baton.json")
        }
        try self.init(json: text, file: path, environment: variables)
    }
}
