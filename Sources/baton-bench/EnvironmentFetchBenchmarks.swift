@_spi(Generated) import BatonCore
import BatonStoreMemory
import BatonStoreSQLite
import Foundation

/// What an app gets: the PAYLOAD.md response fetched through an ``Environment`` over the HTTP
/// transports' real decoding of its exact bytes (an in-process client answers them), stored,
/// and read back through the generated types, each against `JSONSerialization` parsing the same
/// bytes in the same run.
enum EnvironmentFetchBenchmarks {
    static var all: [Benchmark] {
        [fetchMemory(items: 10_000), refetchUnchanged(items: 10_000), fetchSQLite(items: 10_000), mutateOptimistic(records: 20_000)]
    }

    /// `watch` in a new environment over `store` until ready, then every field read through the
    /// generated types. - Returns: the read's checksum.
    static func fetchAndRead(_ transport: any Transport, into store: any Store) throws -> Int {
        let environment = Environment(transport: transport, store: store)
        let handle = environment.watch(ItemsQuery())
        return try waitFor {
            await handle.refetch()
            return try readEveryField(handle)
        }
    }

    /// Every field of every item and its owner, as a view would read them, from the handle's data.
    static func readEveryField(_ handle: OperationHandle<ItemsQuery>) throws -> Int {
        guard case .ready(let data) = handle.phase else { throw BenchmarkFailure("the handle is \(handle.phase.name), not ready") }
        return NormalizedStoreBenchmarks.checksum(data)
    }

    /// The checksum of the same read over the parsed response, to check the fetch read it all.
    static func expectedChecksum(_ bytes: [UInt8]) throws -> Int {
        NormalizedStoreBenchmarks.checksum(try ItemsQuery().data(from: try GraphQLResponse(json: JSONValue(parsing: bytes))))
    }

    static func fetchMemory(items: Int) -> Benchmark {
        Benchmark(name: "environment.fetch.memory N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let transport = CannedHTTPClient.transport(answering: bytes)
            try check(transport, bytes: bytes)
            return .init(
                subject: memoryFetch(transport),
                baselines: [NormalizedStoreBenchmarks.parseBaseline(Data(bytes))])
        }
    }

    /// The fetch into a new memory store, as a job. The store an app fetches into outlives the
    /// fetch, so the last run's store is released before the next run, untimed, as the image
    /// row's image is closed.
    static func memoryFetch(_ transport: any Transport) -> Benchmark.Job {
        var store: MemoryStore?
        return .init(
            name: "watch over a memory store until ready, then read every field",
            setUp: {
                blackHole(store)
                store = MemoryStore()
            },
            body: { blackHole(try fetchAndRead(transport, into: store!)) })
    }

    /// Fails unless a fetch reads back what the parsed response holds, normalized from the bytes.
    static func check(_ transport: any Transport, bytes: [UInt8]) throws {
        let environment = Environment(transport: transport, store: MemoryStore())
        let handle = environment.watch(ItemsQuery())
        let checksum = try waitFor {
            await handle.refetch()
            return try readEveryField(handle)
        }
        guard checksum == (try expectedChecksum(bytes)) else { throw BenchmarkFailure("the fetch read back other data than the response holds") }
        guard environment.bodiesNormalizedFromBytes == 1 else { throw BenchmarkFailure("the fetch did not normalize the body from its bytes") }
    }

    static func refetchUnchanged(items: Int) -> Benchmark {
        Benchmark(name: "environment.refetch.unchanged N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let counter = PublishedCounter()
            let environment = Environment(transport: CannedHTTPClient.transport(answering: bytes), store: MemoryStore(), events: [counter])
            let handle = environment.watch(ItemsQuery())
            try waitFor { await handle.refetch() }
            let reads = handle.readCount
            try waitFor { await handle.refetch() }
            // Nothing changed, so nothing is notified, and the handle's read stands: no read at all.
            guard counter.changed == 2 * items + 1 else {
                throw BenchmarkFailure("the repeat fetch changed records: \(counter.changed - 2 * items - 1)")
            }
            guard handle.readCount == reads else { throw BenchmarkFailure("the handle was read \(handle.readCount - reads) times") }
            return .init(
                subject: .init(name: "the same bytes fetched again by a ready handle, no record changed") {
                    try withExtendedLifetime(environment) { try waitFor { await handle.refetch() } }
                    if let failure = handle.fetch.failure { throw BenchmarkFailure("the refetch failed: \(failure)") }
                },
                baselines: [NormalizedStoreBenchmarks.parseBaseline(Data(bytes))])
        }
    }

    static func fetchSQLite(items: Int) -> Benchmark {
        Benchmark(name: "environment.fetch.sqlite N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let transport = CannedHTTPClient.transport(answering: bytes)
            let folder = try ImageBenchmarks.directory()
            var run = 0
            var image: SQLiteStore?
            func fresh() throws {
                image?.close()
                for suffix in ["", "-wal", "-shm"] {
                    try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("fetch-\(run).sqlite\(suffix)").path)
                }
                run += 1
                image = try SQLiteStore(path: folder.appendingPathComponent("fetch-\(run).sqlite").path)
            }
            try fresh()
            guard let checked = image, try fetchAndRead(transport, into: checked) == (try expectedChecksum(bytes)) else {
                throw BenchmarkFailure("the fetch into an image read back other data than the response holds")
            }
            return .init(
                subject: .init(
                    name: "watch over an empty image (write-through) until ready, then read every field",
                    setUp: { try fresh() },
                    body: { blackHole(try fetchAndRead(transport, into: image!)) }),
                baselines: [NormalizedStoreBenchmarks.parseBaseline(Data(bytes)), memoryFetch(transport)])
        }
    }

    static func mutateOptimistic(records: Int) -> Benchmark {
        Benchmark(name: "mutate.optimistic (\(records) records, 1000 handles)") {
            let notes = 1_000
            let answer = Array(#"{"data":{"setNote":{"__typename":"Note","id":"500","text":"server"}}}"#.utf8)
            let (environment, _, handles) = try EnvironmentBenchmarks.environment(
                notes: notes, fillers: records - notes - 1, transport: CannedHTTPClient.transport(answering: answer))
            let target = handles[notes / 2]
            let mutation = BenchSetNoteMutation(id: "500")
            let optimistic: JSONObject = ["setNote": ["__typename": "Note", "id": "500", "text": "optimistic"]]
            let reads = target.readCount
            _ = try waitFor { try await environment.mutate(mutation, optimisticResponse: optimistic) }
            // Two re-reads of the one handle that saw the note: the layer laid, then the answer stored with the layer lifted.
            guard target.readCount == reads + 2, handles[0].readCount == 1 else {
                throw BenchmarkFailure("the layer re-read \(target.readCount - reads) times the handle that saw it, or another")
            }
            var flip = false
            return .init(
                subject: .init(name: "lay an optimistic layer, store the answer, lift the layer; the one handle re-read") {
                    try withExtendedLifetime(handles) {
                        blackHole(try waitFor { try await environment.mutate(mutation, optimisticResponse: optimistic) })
                    }
                },
                baselines: [
                    .init(name: "publish + notify of the answer's record, no layer") {
                        flip.toggle()
                        let change = StoreWrite(records: [
                            StoreRecord(id: RecordID("Note:500"), typename: "Note", fields: [FieldKey("text"): .scalar(.string(flip ? "a" : "b"))])
                        ])
                        try withExtendedLifetime(handles) { blackHole(try environment.publish(change, operationName: nil)) }
                    }
                ])
        }
    }
}

/// Counts the records `store.published` events say changed.
final class PublishedCounter: EventSink, @unchecked Sendable {
    private let count = Locked(0)
    var changed: Int { count.withLock { $0 } }

    func receive(_ event: Event) {
        if let changed = event.kind.changedRecords { count.withLock { $0 += changed } }
    }
}

/// `mutation SetNote($id: ID!) { setNote(id: $id) { __typename id text } }`, as `baton generate` writes it.
struct BenchSetNoteMutation: GraphQLOperation {
    static let operationName = "SetNote"
    static let operationType: GraphQLRequest.OperationType = .mutation
    static let document = "mutation SetNote($id: ID!) { setNote(id: $id) { __typename id text } }"
    static let operationID = "bench-set-note-mutation"
    static let plan = OperationPlan(
        name: "SetNote", operationType: .mutation, rootTypename: "Mutation", selections: BenchNoteQuery.plan.selections.map(renamed))

    /// The query's `note(id:)` selection, as `setNote(id:)`.
    private static func renamed(_ selection: Selection) -> Selection {
        guard case .field(var field) = selection else { return selection }
        field.name = "setNote"
        return .field(field)
    }

    var variables: BenchNoteQuery.Variables

    init(id: String) {
        variables = BenchNoteQuery.Variables(id: id)
    }

    struct Data: OperationData {
        static var __plan: OperationPlan { BenchSetNoteMutation.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
    }
}
