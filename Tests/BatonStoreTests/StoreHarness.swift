import Baton
import BatonCompiler
@_spi(Generated) import BatonCore
import Foundation
import ReferenceServer
import Testing

/// Operations compiled against the reference server's schema at run time, fetched from the
/// server, normalized into a memory store and read back from it.
struct StoreHarness {
    static let schema: Schema = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TestServer/schema.graphql").standardizedFileURL.path
        do {
            return try SchemaLoading.load([path])
        } catch {
            fatalError("the reference server's schema does not load: \(error)")
        }
    }()

    let store = MemoryStore()
    let transport: CurlTransport

    init() async throws {
        transport = CurlTransport(endpoint: try await ReferenceServer.shared().graphqlURL)
    }

    /// The operation `text` compiled against the reference schema.
    static func plan(_ text: String) throws -> PlannedOperation {
        let source = Source(text, name: "test.graphql")
        let diagnostics = DocumentChecking.check([source], schema: schema)
        if !diagnostics.isEmpty { throw CompilationError(diagnostics: diagnostics) }
        let planned = try Planner.plan([try Parser.parse(source)], schema: schema)
        return try #require(planned.operations.first)
    }

    /// The key the store keeps an operation's errors under.
    static func key(_ operation: PlannedOperation, _ variables: JSONObject) -> OperationKey {
        OperationKey(
            operationID: operation.plan.name,
            variables: String(decoding: JSONValue.object(variables).serializedBytes(sortingKeys: true), as: UTF8.self))
    }

    /// Every payload the server sends for `operation`.
    func payloads(_ operation: PlannedOperation, variables: JSONObject = JSONObject()) async throws -> [GraphQLResponse] {
        let request = GraphQLRequest(
            query: operation.document, operationName: operation.plan.name, operationType: operation.plan.operationType,
            variables: variables.isEmpty ? nil : variables)
        var payloads: [GraphQLResponse] = []
        for try await payload in transport.send(request) { payloads.append(payload) }
        return payloads
    }

    /// Fetches `text`, normalizes every payload into the store, and returns the operation.
    @discardableResult
    func fetch(_ text: String, variables: JSONObject = JSONObject()) async throws -> PlannedOperation {
        let operation = try Self.plan(text)
        let key = Self.key(operation, variables)
        var pending: [String: [GraphQLError.PathElement]] = [:]
        for payload in try await payloads(operation, variables: variables) {
            if payload.data != nil {
                store.write(
                    try ResponseNormalizer.normalize(payload, plan: operation.plan, variables: variables, operation: key))
            }
            for announced in try payload.pending { pending[announced.id] = announced.path }
            for part in try payload.incremental {
                guard let data = part.data else { continue }
                let path = (part.id.flatMap { pending[$0] } ?? part.path ?? []) + (part.subPath ?? [])
                store.write(
                    try ResponseNormalizer.normalize(
                        part: data, at: path, errors: part.errors, plan: operation.plan, variables: variables,
                        operation: key, base: store.snapshot()))
            }
        }
        return operation
    }

    /// Reads `operation` back from the store.
    func read(_ operation: PlannedOperation, variables: JSONObject = JSONObject(), events: (any EventSink)? = nil)
        -> RecordRead
    {
        RecordReader.read(
            operation.plan, variables: variables, operation: Self.key(operation, variables), from: store.snapshot(),
            events: events)
    }
}
