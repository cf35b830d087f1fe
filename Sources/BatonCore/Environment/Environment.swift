/// What an app's operations run in: a transport to send them, a store to keep what comes back,
/// sinks for its events, and the options every operation shares. Assembled in code, or from
/// `baton.json` by the `Baton` module.
///
/// An environment hands out one ``OperationHandle`` per operation with its variables, re-reads a
/// handle only when a record it saw changes (also when a shared store, a ``ChangeFeedStore``,
/// reports that another process changed it), and lays optimistic responses over the store.
///
/// ```swift
/// let environment = Environment(transport: CurlTransport(endpoint: url), store: MemoryStore())
/// let hero = environment.watch(HeroQuery())
/// for await snapshot in hero { render(snapshot.phase) }
/// ```
public final class Environment: Sendable {
    /// Sends queries and mutations.
    public var transport: any Transport { executor.transport }
    /// Sends subscriptions; `nil` when nothing in this environment can carry one.
    public var subscriptionTransport: (any Transport)? { executor.subscriptionTransport }
    /// Keeps the records, their field errors, and when each operation fetched.
    public var store: any Store { executor.store }
    /// Receives the environment's events.
    public var events: any EventSink { executor.events }
    /// What every operation shares.
    public let options: Options

    /// The one path every operation of this environment takes.
    let executor: OperationExecutor
    /// The subscription to the store's changes made elsewhere (``ChangeFeedStore``), cancelled
    /// with the environment.
    let storeChanges: StoreChangeSubscription?
    /// The live handles and what they saw, the optimistic layers, retention.
    var state: Locked<EnvironmentState> { executor.state }

    /// An environment assembled from its parts.
    /// - Parameters:
    ///   - transport: Sends queries and mutations.
    ///   - subscriptionTransport: Sends subscriptions; `nil` makes a subscription fail with
    ///     ``EnvironmentError/Code/noSubscriptionTransport``. Pass `transport` again when it
    ///     carries subscriptions too (SSE, WebSocket).
    ///   - store: Keeps what comes back.
    ///   - events: Receive the environment's events, each in turn.
    ///   - options: What every operation shares.
    public init(
        transport: any Transport,
        subscriptionTransport: (any Transport)? = nil,
        store: any Store,
        events: [any EventSink] = [],
        options: Options = Options()
    ) {
        executor = OperationExecutor(
            transport: transport, subscriptionTransport: subscriptionTransport, store: store,
            events: MultiplexEventSink(events), releaseBufferSize: options.releaseBufferSize)
        self.options = options
        storeChanges = executor.subscribeToStoreChanges()
    }

    deinit {
        storeChanges?.cancel()
    }

    /// How many single responses this environment normalized straight from their bytes, with no
    /// parse tree (the built-in HTTP transports hand their bodies over so).
    package var bodiesNormalizedFromBytes: Int { executor.bodiesNormalizedFromBytes.withLock { $0 } }

    /// The request that sends `operation` here: the operation's own with this environment's
    /// headers (those given for the operation replacing fields of the same name), `onError` and timeout.
    func request<Operation: GraphQLOperation>(for operation: Operation, headers: [HeaderField] = []) -> GraphQLRequest {
        operation.request(
            onError: options.onError ?? Operation.onError, headers: HeaderField.merged(options.headers, headers),
            timeout: options.timeout)
    }

    /// The key under which the store remembers `operation` with its variables.
    static func key<Operation: GraphQLOperation>(of operation: Operation) -> OperationKey {
        OperationKey(operationID: Operation.operationID, variables: canonicalText(operation.variables.json))
    }

    /// Variables printed with their members sorted at every level, so equal variables print equally.
    static func canonicalText(_ object: JSONObject) -> String {
        JSONValue.object(object).canonicalized().serialized()
    }
}

extension JSONValue {
    /// The same value with every object's members in sorted order.
    func canonicalized() -> JSONValue {
        switch self {
        case .object(let object):
            var sorted = JSONObject()
            for key in object.keys.sorted() {
                sorted[key] = object[key]?.canonicalized()
            }
            return .object(sorted)
        case .list(let items): return .list(items.map { $0.canonicalized() })
        case .null, .bool, .int, .double, .number, .string: return self
        }
    }
}
