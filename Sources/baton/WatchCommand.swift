import Baton
import BatonCompiler
import BatonCore
import BatonStoreMemory
import BatonStoreRedis
import BatonStoreSQLite
import BatonTransportCurl
import BatonTransportFoundation
import Foundation

/// `baton fetch --watch`: holds a handle on the operation and prints each snapshot as one JSON
/// line until the handle settles (no fetch in flight, no heal pending), or, for a subscription,
/// until its stream ends; over a Redis store, shared with other processes, until interrupted.
///
/// Takes every option of `baton fetch`, plus `--schema FILE` (SDL, to plan the operation at run
/// time), `--store memory|sqlite:PATH|redis://…|unix://…` and `--policy network-only|store-or-network|store-and-network|store-only`.
struct WatchCommand {
    static let usage = """
        usage: baton fetch --watch --schema SCHEMA.graphql [--store memory|sqlite:PATH|redis://…|unix://…]
                           [--policy store-or-network|store-and-network|network-only|store-only] [--events]
                           (and every option of baton fetch)

          fetch --watch  Plans the operation against the schema, holds a handle on it and prints each
                   snapshot as one JSON line: {"phase", "data", "errors", "isStale", "isRefreshing",
                   "fetch": {"state": "idle"|"inFlight"|"failed", "failure", "at"}}, plus "failure"
                   when the phase failed and "missing" when data is missing; a subscription prints
                   {"phase", "data", "errors", "connection", "resumptions"} per change. Stops when the
                   handle settles (no fetch in flight, no heal pending) or the subscription ends;
                   over a redis store it goes on, printing a line each time another process
                   changes what the operation read, until it is interrupted.
                   With --events, every event as a JSON line on standard error, as baton fetch --store prints them.
                   Exits 0 ready, 2 failed, 3 for a store-only miss.
        """

    var fetch: FetchCommand
    /// `--schema`; with `--config`, the file's `schema` when not given.
    var schemaPath: String?
    var store: String = "memory"
    /// Whether `--store` was given, so it wins over the file's store.
    var storeFromCommandLine = false
    var policy: FetchPolicy = .storeOrNetwork
    /// `--events`: every event of the environment as a JSON line on standard error.
    var printsEvents = false

    /// Reads the command line after `fetch`, `--watch` among it.
    /// - Throws: ``UsageError`` naming the option that is wrong and why.
    init(parsing arguments: [String]) throws(UsageError) {
        var rest: [String] = []
        var schemaPath: String?
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case "--watch": continue
            case "--events": printsEvents = true
            case "--schema": schemaPath = try reader.value(for: argument)
            case "--store":
                let text = try reader.value(for: argument)
                guard text == "memory" || text.hasPrefix("sqlite:") || text.hasPrefix("redis://") || text.hasPrefix("unix://") else {
                    throw UsageError("--store must be memory, sqlite:PATH, redis://HOST:PORT/DB or unix:///PATH, got '\(text)'")
                }
                store = text
                storeFromCommandLine = true
            case "--policy":
                let text = try reader.value(for: argument)
                guard let policy = FetchPolicy(rawValue: text) else {
                    let names = FetchPolicy.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError("--policy must be one of \(names), got '\(text)'")
                }
                self.policy = policy
            default: rest.append(argument)
            }
        }
        self.schemaPath = schemaPath
        fetch = try FetchCommand(parsing: rest)
        guard schemaPath != nil || fetch.configPath != nil else {
            throw UsageError("--watch needs --schema FILE (or --config baton.json naming one) to plan the operation")
        }
    }

    /// Plans the operation, holds its handle, prints its snapshots, and returns the exit status.
    func run() async -> Int32 {
        let planned: WatchedOperation.Planned
        let environment: Environment
        do {
            if let path = fetch.configPath {
                let configuration = try FetchConfiguration(path: path, command: fetch)
                planned = try plan(schema: schemaPath ?? configuration.schemaPaths.first, file: path)
                environment = try configuredEnvironment(configuration)
            } else {
                planned = try plan(schema: schemaPath, file: nil)
                environment = Environment(
                    transport: try transport(), subscriptionTransport: try transport(), store: try openStore(), events: printedEvents,
                    options: Environment.Options(headers: fetch.headers, onError: fetch.onError, timeout: fetch.timeout))
            }
        } catch {
            writeStandardError(FetchConfiguration.message(error))
            return ExitStatus.badConfiguration
        }
        WatchedOperation.set(planned)
        let operation = WatchedOperation(variables: .init(json: fetch.variables ?? JSONObject()))
        if planned.plan.operationType == .subscription {
            return await watchSubscription(environment.subscribe(operation))
        }
        // A store shared with other processes keeps changing after the handle settles.
        let shared = environment.store is RedisStore
        return await watchQuery(environment.watch(operation, policy: policy), untilSettled: !shared)
    }

    private func watchQuery(_ handle: OperationHandle<WatchedOperation>, untilSettled: Bool) async -> Int32 {
        var last = ""
        for await snapshot in handle {
            let line = WatchOutput.line(snapshot)
            if line != last { writeLine(line) }
            last = line
            guard untilSettled, WatchOutput.isSettled(snapshot, policy: policy) else { continue }
            switch snapshot.phase {
            case .ready: return ExitStatus.success
            case .failed(.notInStore): return ExitStatus.storeOnlyMiss
            case .failed, .loading: return ExitStatus.fetchFailed
            }
        }
        return ExitStatus.fetchFailed
    }

    private func watchSubscription(_ handle: SubscriptionHandle<WatchedOperation>) async -> Int32 {
        for await snapshot in handle {
            writeLine(WatchOutput.line(snapshot))
        }
        return await handle.ended() == nil ? ExitStatus.success : ExitStatus.fetchFailed
    }

    /// The environment `baton.json` assembles, the command line's store, headers, `onError` and
    /// timeout over the file's.
    private func configuredEnvironment(_ configuration: FetchConfiguration) throws -> Environment {
        let parts = storeFromCommandLine ? try configuration.transportOnly() : try configuration.assembly()
        return Environment(
            transport: parts.transport, subscriptionTransport: parts.transport,
            store: storeFromCommandLine ? try openStore() : parts.store, events: [parts.events] + printedEvents,
            options: Environment.Options(
                headers: fetch.headers, onError: fetch.onError ?? parts.onError, expiration: parts.expiration, timeout: fetch.timeout))
    }

    /// The sink `--events` asks for, when it does.
    private var printedEvents: [any EventSink] { printsEvents ? [JSONLineEventSink()] : [] }

    /// The operation planned against the schema.
    private func plan(schema schemaPath: String?, file: String?) throws -> WatchedOperation.Planned {
        guard let schemaPath else {
            throw ConfigurationError(
                file: file ?? "baton.json", key: "schema", value: "", accepted: "the schema's SDL file, or --schema FILE on the command line")
        }
        let schema = try Schema(sdl: try String(contentsOfFile: schemaPath, encoding: .utf8), name: schemaPath)
        let planned = try Planner.plan([try Parser.parse(fetch.document)], schema: schema)
        let operation =
            fetch.operationName.flatMap { name in planned.operations.first { $0.plan.name == name } }
            ?? planned.operations.first
        guard let operation else { throw UsageError("the document has no operation to watch") }
        return WatchedOperation.Planned(document: operation.document, operationName: operation.plan.name, plan: operation.plan)
    }

    private func openStore() throws -> any Store {
        if store.hasPrefix("redis://") || store.hasPrefix("unix://") { return try FetchStoreChoice.store(named: store) }
        guard store.hasPrefix("sqlite:") else { return MemoryStore() }
        return try SQLiteStore(path: String(store.dropFirst("sqlite:".count)))
    }

    private func transport() throws -> any Transport {
        guard let endpoint = fetch.endpoint else { throw UsageError("--endpoint is required") }
        let options = HTTPTransportOptions(headers: fetch.headers)
        switch fetch.transport {
        case .curl: return CurlTransport(endpoint: endpoint, options: options)
        case .foundation: return FoundationTransport(endpoint: endpoint, options: options)
        case .ws: return WebSocketTransport(endpoint: endpoint, options: WebSocketTransport.Options(headers: fetch.headers))
        }
    }
}
