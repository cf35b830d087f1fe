import BatonCompiler
@_spi(Generated) import BatonCore
import Foundation

/// `baton fetch --schema SCHEMA --store NAME`: compiles the operation against the schema and runs
/// it on an ``Environment`` over the store, as an app would: the line printed is what the
/// operation's handle reads back from the store, not what came off the wire.
struct FetchThroughStore {
    var schemaPath: String
    var store: any Store
    var policy: FetchPolicy
    var printsEvents: Bool
    /// The sinks `baton.json` names, told every event as well.
    var sinks: (any EventSink)? = nil

    /// Runs the fetch and returns the exit status: 0 with data, 2 when the fetch failed or the
    /// operation does not compile, 3 when a store-only read finds data missing.
    func run(
        document: String, operationName: String?, variables: JSONObject, transport: any Transport, request: GraphQLRequest
    ) async -> Int32 {
        let planned: PlannedOperation
        do {
            planned = try compile(document, operationName: operationName)
        } catch {
            writeLine(FetchOutput.failure(.environment(EnvironmentError(.misconfigured, "\(error)"))))
            return ExitStatus.fetchFailed
        }
        WatchedOperation.set(.init(document: planned.document, operationName: planned.plan.name, plan: planned.plan))
        let printed: [any EventSink] = printsEvents ? [JSONLineEventSink()] : []
        let environment = Environment(
            transport: transport, subscriptionTransport: transport, store: store, events: printed + (sinks.map { [$0] } ?? []),
            // A subscription ends with its first failure, as a fetch does; `--watch` is the one that resubscribes.
            options: Environment.Options(
                headers: request.headers, onError: request.onError, timeout: request.timeout,
                reconnect: ReconnectPolicy(maximumAttempts: 0)))
        let operation = WatchedOperation(variables: .init(json: variables))
        switch planned.plan.operationType {
        case .query: return await query(operation, in: environment)
        case .mutation: return await mutate(operation, in: environment)
        case .subscription: return await subscribe(operation, in: environment)
        }
    }

    /// A query, as `policy` says: the store's read first unless network-only, then a fetch when
    /// the policy asks for one (or the store lacks data), the read after it printed.
    private func query(_ operation: WatchedOperation, in environment: Environment) async -> Int32 {
        let handle: OperationHandle<WatchedOperation>
        if policy == .networkOnly {
            handle = environment.watch(operation, policy: .networkOnly)
        } else {
            handle = environment.watch(operation, policy: .storeOnly)
            let stored = handle.snapshot
            if policy == .storeOnly || stored.missing.isEmpty {
                writeLine(Self.line(stored, source: "store"))
            }
            if policy == .storeOnly { return stored.missing.isEmpty ? ExitStatus.success : ExitStatus.storeOnlyMiss }
            if policy == .storeOrNetwork && stored.missing.isEmpty { return ExitStatus.success }
        }
        await handle.refetch()
        let fetched = handle.snapshot
        if let failure = fetched.fetch.failure {
            writeLine(FetchOutput.failure(failure))
            return ExitStatus.fetchFailed
        }
        writeLine(Self.line(fetched, source: "network"))
        return ExitStatus.success
    }

    /// A mutation through
    /// ``Environment/mutate(_:optimisticResponse:optimisticUpdater:updater:headers:allowsRetry:allowsBatching:)``:
    /// its data as read from the response.
    private func mutate(_ operation: WatchedOperation, in environment: Environment) async -> Int32 {
        do {
            let result = try await environment.mutate(operation)
            writeLine(Self.line(data: result.data, errors: result.data.__data.errors, missing: [], source: "network"))
            return ExitStatus.success
        } catch {
            // A fetch's failure, or a verdict about the data the server sent (a @required field
            // that bubbled to the root, field errors under @throwOnFieldError), said as --watch says it.
            let errors: [GraphQLError]
            switch error {
            case .fetch(let failure): errors = failure.requestErrors
            case .fieldErrors(let caught): errors = caught.errors
            case .requiredFieldMissing, .notInStore: errors = []
            }
            let line: JSONObject = [
                "data": .null, "errors": .list(errors.map(\.json)), "failure": .object(WatchOutput.describe(error)),
            ]
            writeLine(JSONValue.object(line).serialized())
            return ExitStatus.fetchFailed
        }
    }

    /// A subscription, until it ends: its last event's data.
    private func subscribe(_ operation: WatchedOperation, in environment: Environment) async -> Int32 {
        let handle = environment.subscribe(operation)
        if let failure = await handle.ended() {
            writeLine(FetchOutput.failure(failure))
            return ExitStatus.fetchFailed
        }
        let snapshot = handle.snapshot
        writeLine(Self.line(data: snapshot.phase.data, errors: snapshot.errors, missing: [], source: "network"))
        return ExitStatus.success
    }

    /// The operation `document` names, compiled against the schema.
    private func compile(_ document: String, operationName: String?) throws -> PlannedOperation {
        let schema = try SchemaLoading.load([schemaPath])
        let source = Source(document, name: "query")
        let diagnostics = DocumentChecking.check([source], schema: schema)
        if !diagnostics.isEmpty { throw CompilationError(diagnostics: diagnostics) }
        let planned = try Planner.plan([try Parser.parse(source)], schema: schema)
        guard let operation = planned.operations.first(where: { operationName == nil || $0.plan.name == operationName }) else {
            throw UsageError("the document has no operation named '\(operationName ?? "")'")
        }
        return operation
    }

    /// `{"data", "errors", "failure": null, "source"}`, and `"missing"` when the read found data missing.
    static func line(_ snapshot: OperationSnapshot<WatchedOperation.Data>, source: String) -> String {
        line(data: snapshot.phase.data, errors: snapshot.errors, missing: snapshot.missing, source: source)
    }

    private static func line(data: WatchedOperation.Data?, errors: [GraphQLError], missing: [MissingField], source: String) -> String {
        var object = JSONObject()
        object["data"] = data.map { .object($0.json) } ?? .null
        object["errors"] = .list(errors.map(\.json))
        object["failure"] = .null
        object["source"] = .string(source)
        if !missing.isEmpty {
            object["missing"] = .list(missing.map { ["record": .string($0.record.rawValue), "field": .string($0.field.rawValue)] })
        }
        return JSONValue.object(object).serialized()
    }
}
