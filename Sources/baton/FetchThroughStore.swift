import BatonCompiler
@_spi(Generated) import BatonCore
import Foundation

/// `baton fetch --schema SCHEMA --store NAME`: compiles the operation against the schema, writes
/// what the server sends into the store by its plan, and prints what it reads back from the
/// store, not what came off the wire.
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
        document: String, operationName: String?, variables: JSONObject, send: (GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error>,
        request: GraphQLRequest
    ) async -> Int32 {
        let operation: PlannedOperation
        do {
            operation = try compile(document, operationName: operationName)
        } catch {
            writeLine(FetchOutput.failure(.environment(EnvironmentError(.misconfigured, "\(error)"))))
            return 2
        }
        let key = OperationKey(
            operationID: SHA256.hexDigest(operation.document),
            variables: String(decoding: JSONValue.object(variables).serializedBytes(sortingKeys: true), as: UTF8.self))
        let printed: [any EventSink] = printsEvents ? [JSONLineEventSink()] : []
        let all = printed + (sinks.map { [$0] } ?? [])
        let events: (any EventSink)? = all.isEmpty ? nil : all.count == 1 ? all[0] : MultiplexEventSink(all)
        let source = StoreRecordSource(store: store)
        func readBack() -> RecordRead {
            RecordReader.read(operation.plan, variables: variables, operation: key, from: source, events: events)
        }
        switch policy {
        case .storeOnly:
            let read = readBack()
            writeLine(Self.line(read, source: "store"))
            return read.isMissingData ? 3 : 0
        case .storeOrNetwork, .storeAndNetwork:
            let read = readBack()
            if !read.isMissingData {
                writeLine(Self.line(read, source: "store"))
                if policy == .storeOrNetwork { return 0 }
            }
        case .networkOnly:
            break
        }
        var sent = request
        sent.query = operation.document
        let name = operation.plan.name
        events?.receive(Event(.fetchStarted, operationName: name))
        do {
            try await ingest(send(sent), operation: operation, key: key, variables: variables, events: events)
        } catch {
            let failure = Failure(classifying: error)
            events?.receive(Event(.fetchFailed(failure.kind, message: failure.eventMessage), operationName: name))
            writeLine(FetchOutput.failure(failure))
            return 2
        }
        events?.receive(Event(.fetchSucceeded, operationName: name))
        writeLine(Self.line(readBack(), source: "network"))
        return 0
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

    /// Writes every payload of `payloads` into the store: the first by the whole plan, each
    /// later part at its path.
    private func ingest(
        _ payloads: AsyncThrowingStream<GraphQLResponse, any Error>, operation: PlannedOperation, key: OperationKey,
        variables: JSONObject, events: (any EventSink)?
    ) async throws {
        var pending: [String: [GraphQLError.PathElement]] = [:]
        var first = true
        for try await payload in payloads {
            if first {
                if payload.isRequestError { throw Failure.request(payload.errors) }
                try publish(
                    ResponseNormalizer.normalize(payload, plan: operation.plan, variables: variables, operation: key, fetched: Date()),
                    operation: operation, events: events)
                first = false
            }
            for announced in try payload.pending { pending[announced.id] = announced.path }
            for part in try payload.incremental {
                guard let data = part.data else { continue }
                let path = (part.id.flatMap { pending[$0] } ?? part.path ?? []) + (part.subPath ?? [])
                try publish(
                    ResponseNormalizer.normalize(
                        part: data, at: path, errors: part.errors, plan: operation.plan, variables: variables,
                        operation: key, base: StoreRecordSource(store: store)),
                    operation: operation, events: events)
            }
        }
    }

    /// Applies `write` to the store and reports how many records it changed.
    private func publish(_ write: StoreWrite, operation: PlannedOperation, events: (any EventSink)?) throws {
        let changed = try store.write(write).changed.count
        events?.receive(Event(.storePublished(changedRecords: changed), operationName: operation.plan.name))
    }

    /// `{"data", "errors", "failure": null, "source"}`, and `"missing"` when the read found data missing.
    static func line(_ read: RecordRead, source: String) -> String {
        var object = JSONObject()
        object["data"] = .object(read.data.json)
        object["errors"] = .list(read.errors.map(\.json))
        object["failure"] = .null
        object["source"] = .string(source)
        if read.isMissingData {
            object["missing"] = .list(
                read.missing.map { ["record": .string($0.record.rawValue), "field": .string($0.field.rawValue)] })
        }
        return JSONValue.object(object).serialized()
    }
}

/// `--events`: each event as one JSON line on standard error, `{"event": name, …}` with what
/// the kind names and nothing from a payload.
struct JSONLineEventSink: EventSink {
    func receive(_ event: Event) {
        var object: JSONObject = ["event": .string(event.kind.name)]
        if let name = event.operationName { object["operation"] = .string(name) }
        let kind = event.kind
        if let field = kind.missingField ?? kind.unexpectedField?.field {
            object["owner"] = .string(field.owner)
            object["record"] = .string(field.record.rawValue)
            object["field"] = .string(field.field.rawValue)
        }
        if let message = kind.unexpectedField?.message { object["message"] = .string(message) }
        if let (owner, path) = kind.requiredField {
            object["owner"] = .string(owner)
            object["path"] = .string(path)
        }
        if let (path, code) = kind.fieldError {
            object["path"] = .list(
                path.map { step in
                    switch step {
                    case .key(let key): return .string(key)
                    case .index(let index): return .int(Int64(index))
                    }
                })
            object["code"] = code.map(JSONValue.string) ?? .null
        }
        if let changed = kind.changedRecords { object["changedRecords"] = .int(Int64(changed)) }
        if let (failure, message) = kind.fetchFailure {
            object["kind"] = .string(failure.rawValue)
            object["message"] = .string(message)
        }
        writeStandardError(JSONValue.object(object).serialized() + "\n")
    }
}
