import class Foundation.FileManager
import struct Foundation.URL

/// The transports, stores and event sinks `baton.json` can name, each under a name of its own.
///
/// BatonCore registers nothing: the `Baton` module's `PluginRegistry.standard` holds the built-in
/// plug-ins (`curl`, `foundation`, `ws`, `sse`, `memory`, `sqlite`, `stderr`), and an app adds its
/// own the same way, under names of its choosing. A plug-in's options reach its factory decoded
/// by its own ``PluginOptions`` type; what its factory throws reaches the caller unchanged.
///
/// ```swift
/// var registry = PluginRegistry.standard
/// registry.registerTransport("acme", options: AcmeOptions.self) { options, context in
///     AcmeTransport(endpoint: try context.requireEndpoint(), region: options.region)
/// }
/// let parts = try registry.assemble(RuntimeConfiguration(json: text, environment: ProcessInfo.processInfo.environment))
/// ```
public struct PluginRegistry: Sendable {
    private var transports: [String: Entry<any Transport>] = [:]
    private var stores: [String: Entry<any Store>] = [:]
    private var sinks: [String: Entry<any EventSink>] = [:]

    /// A registry with nothing registered.
    public init() {}

    /// One registered plug-in: how to decode its options and how to make it from them.
    struct Entry<Made>: Sendable {
        var decode: @Sendable (ConfigurationValue) throws(ConfigurationError) -> any Sendable
        var make: @Sendable (any Sendable, PluginContext) throws -> Made
    }

    private static func entry<Options: PluginOptions, Made>(
        _ options: Options.Type, _ make: @escaping @Sendable (Options, PluginContext) throws -> Made
    ) -> Entry<Made> {
        Entry(
            decode: { value throws(ConfigurationError) in try Options(configuration: value) },
            make: { decoded, context in
                // `decode` made it, so it is always an `Options`.
                guard let options = decoded as? Options else { preconditionFailure("options of another plug-in") }
                return try make(options, context)
            })
    }

    /// Registers a transport under `name`, replacing one registered before under it.
    /// - Parameters:
    ///   - name: the name `baton.json` uses.
    ///   - options: the type its options decode to.
    ///   - make: makes the transport; what it throws reaches ``assemble(_:)``'s caller unchanged.
    public mutating func registerTransport<Options: PluginOptions>(
        _ name: String, options: Options.Type,
        make: @escaping @Sendable (Options, PluginContext) throws -> any Transport
    ) {
        transports[name] = Self.entry(options, make)
    }

    /// Registers a store under `name`, replacing one registered before under it.
    /// - Parameters:
    ///   - name: the name `baton.json` uses.
    ///   - options: the type its options decode to.
    ///   - make: makes the store; what it throws reaches ``assemble(_:)``'s caller unchanged.
    public mutating func registerStore<Options: PluginOptions>(
        _ name: String, options: Options.Type,
        make: @escaping @Sendable (Options, PluginContext) throws -> any Store
    ) {
        stores[name] = Self.entry(options, make)
    }

    /// Registers an event sink under `name`, replacing one registered before under it.
    /// - Parameters:
    ///   - name: the name `baton.json` uses.
    ///   - options: the type its options decode to.
    ///   - make: makes the sink; what it throws reaches ``assemble(_:)``'s caller unchanged.
    public mutating func registerEventSink<Options: PluginOptions>(
        _ name: String, options: Options.Type,
        make: @escaping @Sendable (Options, PluginContext) throws -> any EventSink
    ) {
        sinks[name] = Self.entry(options, make)
    }

    /// The registered transports' names, sorted.
    public var transportNames: [String] { transports.keys.sorted() }
    /// The registered stores' names, sorted.
    public var storeNames: [String] { stores.keys.sorted() }
    /// The registered event sinks' names, sorted.
    public var eventSinkNames: [String] { sinks.keys.sorted() }

    /// Checks every name and decodes every plug-in's options, making nothing: what `baton
    /// generate` does with the runtime's part of the file.
    /// - Parameter configuration: the decoded file.
    /// - Throws: ``ConfigurationError`` for an unknown name or bad options.
    public func validate(_ configuration: RuntimeConfiguration) throws(ConfigurationError) {
        // In the order `assemble` makes them, so both report the same first error.
        for sink in configuration.events { _ = try Self.resolve(sink, in: sinks, kind: "event sink") }
        _ = try Self.resolve(configuration.store, in: stores, kind: "store")
        _ = try Self.resolve(configuration.transport, in: transports, kind: "transport")
    }

    /// Makes the event sinks, the store and the transport the configuration names, in that
    /// order (a store may report to the sinks), the transport wrapped in the decorators the file
    /// names (`retry`: ``RetryingTransport``, `auth`: ``AuthenticatingTransport``,
    /// `persistedOperations`: ``AutomaticPersistedQueriesTransport`` or
    /// ``PersistedDocumentsTransport``, `batch`: ``BatchingTransport``), whatever transport it is.
    /// - Parameter configuration: the decoded file.
    /// - Returns: the parts an environment is made of.
    /// - Throws: ``ConfigurationError`` for an unknown name or bad options; otherwise what a
    ///   plug-in's factory threw, unchanged.
    public func assemble(_ configuration: RuntimeConfiguration) throws -> Assembly {
        try assemble(configuration, transport: nil, store: nil, events: [])
    }

    /// Makes what ``assemble(_:)`` makes, with parts given in code in place of the file's: a
    /// transport given replaces the file's `transport` (the file's decorators still wrap it), a
    /// store given replaces the file's `store` (which is then not made: no image file is opened),
    /// and sinks given receive every event after the file's sinks (the store's and the
    /// decorators' events included).
    /// - Parameters:
    ///   - configuration: the decoded file.
    ///   - transport: the transport to use instead of the file's; `nil` makes the file's.
    ///   - store: the store to use instead of the file's; `nil` makes the file's.
    ///   - events: sinks to add after the file's.
    /// - Returns: the parts an environment is made of.
    /// - Throws: ``ConfigurationError`` for an unknown name or bad options (of the parts made
    ///   from the file, and of those replaced too: a file is checked whole); otherwise what a
    ///   plug-in's factory threw, unchanged.
    public func assemble(
        _ configuration: RuntimeConfiguration, transport given: (any Transport)?, store givenStore: (any Store)?, events added: [any EventSink]
    ) throws -> Assembly {
        try validate(configuration)
        var context = PluginContext(configuration: configuration, registry: self, events: MultiplexEventSink([]))
        var made: [any EventSink] = []
        for reference in configuration.events {
            let (entry, options) = try Self.resolve(reference, in: sinks, kind: "event sink")
            made.append(try entry.make(options, context))
        }
        made += added
        let events: any EventSink = made.count == 1 ? made[0] : MultiplexEventSink(made)
        context.events = events
        let store: any Store
        if let givenStore {
            store = givenStore
        } else {
            let (storeEntry, storeOptions) = try Self.resolve(configuration.store, in: stores, kind: "store")
            store = try storeEntry.make(storeOptions, context)
        }
        let transport = try Self.decorated(try given ?? context.transport(configuration.transport), configuration, events: events)
        return Assembly(
            transport: transport, store: store, events: events, onError: configuration.onError, endpoint: configuration.endpoint,
            expiration: configuration.expiration)
    }

    /// `transport` with the decorators the file names, outermost first: retry, then auth (so a
    /// refreshed token's replay is not counted as a retry), then persisted operations (so every
    /// attempt and replay goes by hash or id first), then batching, next to the transport (each
    /// operation's request is made, hashed and authorized before it joins a batch, and a batch's
    /// failure reaches each operation's retry and auth).
    static func decorated(_ transport: any Transport, _ configuration: RuntimeConfiguration, events: any EventSink) throws -> any Transport {
        var transport = transport
        let directory = URL(filePath: configuration.file).deletingLastPathComponent()
        if let batch = configuration.batch {
            transport = BatchingTransport(
                transport, maxSize: batch.maxSize, window: batch.window, events: events, excluding: batch.excludedOperations)
        }
        if configuration.automaticPersistedQueries { transport = AutomaticPersistedQueriesTransport(transport) }
        if configuration.sendsDocumentIDs, let path = configuration.persistedOperationsManifest {
            transport = PersistedDocumentsTransport(
                transport, manifest: try Self.manifest(path, relativeTo: directory, configuration), member: configuration.documentIDMember)
        }
        if let auth = configuration.auth {
            transport = AuthenticatingTransport(
                transport, header: auth.header, prefix: auth.prefix, token: TokenSources.provider(auth.source, directory: directory.path()))
        }
        if let retry = configuration.retry { transport = RetryingTransport(transport, policy: retry, events: events) }
        return transport
    }

    /// The manifest at `path` (relative to the file's directory).
    private static func manifest(_ path: String, relativeTo directory: URL, _ configuration: RuntimeConfiguration) throws(ConfigurationError)
        -> PersistedOperationManifest
    {
        let url = path.hasPrefix("/") ? URL(filePath: path) : directory.appending(path: path)
        let refuse = { (why: String) in
            ConfigurationError(
                file: configuration.file, key: "persistedOperations.manifest", value: path,
                accepted: "a persisted-operation manifest in Apollo's format (\(why)); write one with `baton generate --manifest \(path)`")
        }
        guard let data = FileManager.default.contents(atPath: url.path()) else { throw refuse("cannot read \(url.path())") }
        do {
            return try PersistedOperationManifest(json: Array(data))
        } catch {
            throw refuse(error.message)
        }
    }

    /// The transport `reference` names, made in `context` (a transport's options may name
    /// another, such as the one for subscriptions).
    func transport(_ reference: PluginReference, context: PluginContext) throws -> any Transport {
        let (entry, options) = try Self.resolve(reference, in: transports, kind: "transport")
        return try entry.make(options, context)
    }

    private static func resolve<Made>(
        _ reference: PluginReference, in entries: [String: Entry<Made>], kind: String
    ) throws(ConfigurationError) -> (Entry<Made>, any Sendable) {
        guard let entry = entries[reference.name] else {
            let names = entries.keys.sorted()
            throw reference.nameValue.error(
                accepted: "the name of a registered \(kind): " + ConfigurationValue.quoted(names, joinedBy: ", ")
                    + (names.isEmpty ? "(none registered)" : ""),
                suggestions: Suggestions.list(reference.name, names))
        }
        return (entry, try entry.decode(reference.options))
    }
}

/// What a plug-in's factory may use: the whole configuration, the registry, and the sinks made.
public struct PluginContext: Sendable {
    /// The decoded file.
    public var configuration: RuntimeConfiguration
    /// The registry the plug-in was found in.
    public var registry: PluginRegistry
    /// The event sinks made so far (all of them, for a store or a transport).
    public var events: any EventSink

    /// The file's `endpoint`.
    /// - Throws: ``ConfigurationError`` when the file names none.
    public func requireEndpoint() throws(ConfigurationError) -> URL {
        guard let endpoint = configuration.endpoint else {
            throw ConfigurationError(
                file: configuration.file, key: "endpoint", value: "",
                accepted: "the GraphQL endpoint's URL, such as \"https://api.example.com/graphql\", for the \(configuration.transport.name) transport"
            )
        }
        return endpoint
    }

    /// Makes another registered transport, such as the one a transport hands subscriptions to.
    /// - Parameter reference: its name and options.
    /// - Throws: ``ConfigurationError`` for an unknown name or bad options, or what its factory threw.
    public func transport(_ reference: PluginReference) throws -> any Transport {
        try registry.transport(reference, context: self)
    }
}

/// The parts ``PluginRegistry/assemble(_:)`` made from a configuration, ready for an environment.
public struct Assembly: Sendable {
    /// The transport, as its factory made it.
    public var transport: any Transport
    /// The store, as its factory made it.
    public var store: any Store
    /// The event sinks, one sink for all (a multiplex when the file names several, none when none).
    public var events: any EventSink
    /// The default `onError` of requests.
    public var onError: GraphQLRequest.ErrorBehavior?
    /// The file's endpoint.
    public var endpoint: URL?
    /// How long after its fetch an operation's data counts as stale (`store.options.expiration`).
    public var expiration: Duration?
}
