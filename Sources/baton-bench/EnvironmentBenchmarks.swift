@_spi(Generated) import BatonCore
import BatonStoreMemory
import Foundation

/// The environment's hot paths: publishing a change and re-reading only the handles that saw it,
/// and a collection pass over the whole store.
enum EnvironmentBenchmarks {
    static var all: [Benchmark] {
        [notify(records: 20_000, handles: 1_000), collect(records: 50_000)]
    }

    /// An environment with `handles` store-only note handles, each on its own note, and filler
    /// records up to `records`.
    static func environment(
        notes: Int, fillers: Int, children: Int = 0, transport: any Transport = NoTransport()
    ) throws -> (Environment, MemoryStore, [OperationHandle<BenchNoteQuery>]) {
        let store = MemoryStore()
        let environment = Environment(transport: transport, store: store)
        var records: [StoreRecord] = []
        for index in 0..<fillers {
            records.append(StoreRecord(id: RecordID("Filler:\(index)"), typename: "Filler", fields: [FieldKey("value"): .scalar(.int(Int64(index)))]))
        }
        store.write(StoreWrite(records: records))
        for index in 0..<notes {
            try environment.commitPayload(BenchNoteQuery(id: "\(index)"), data: BenchNoteQuery.payload(id: "\(index)", text: "note"))
        }
        if children > 0 {
            var linked: [StoreRecord] = []
            for index in 0..<notes {
                let ids = (0..<children).map { RecordID("Child:\(index):\($0)") }
                linked.append(
                    StoreRecord(id: RecordID("Note:\(index)"), typename: "Note", fields: [FieldKey("children"): .list(ids.map { .link($0) })]))
                linked.append(contentsOf: ids.map { StoreRecord(id: $0, typename: "Child", fields: [FieldKey("n"): .scalar(.int(1))]) })
            }
            store.write(StoreWrite(records: linked))
        }
        let handles = (0..<notes).map { environment.watch(BenchNoteQuery(id: "\($0)"), policy: .storeOnly) }
        return (environment, store, handles)
    }

    static func notify(records: Int, handles count: Int) -> Benchmark {
        Benchmark(name: "handles.notify (\(records) records, \(count) handles)") {
            let (environment, store, handles) = try environment(notes: count, fillers: records - count - 1)
            let target = handles[count / 2]
            let change = noteChange(RecordID("Note:\(count / 2)"))
            let reads = target.readCount
            _ = try environment.publish(change(), operationName: nil)
            guard target.readCount == reads + 1, handles[0].readCount == 1 else {
                throw BenchmarkFailure("handles.notify re-read \(target.readCount - reads) times the handle that saw the change")
            }
            return .init(
                subject: .init(name: "publish + notify + re-read of the one handle") {
                    // The handles are held by the body, as an app holds them.
                    try withExtendedLifetime(handles) { blackHole(try environment.publish(change(), operationName: nil)) }
                },
                baselines: [.init(name: "MemoryStore.write of the same change") { blackHole(store.write(change())) }]
            )
        }
    }

    /// A change to `note`'s text, alternating between "a" and "b" from one call to the next.
    static func noteChange(_ note: RecordID) -> () -> StoreWrite {
        var flip = false
        return {
            flip.toggle()
            let text = flip ? "a" : "b"
            return StoreWrite(records: [StoreRecord(id: note, typename: "Note", fields: [FieldKey("text"): .scalar(.string(text))])])
        }
    }

    static func collect(records: Int) -> Benchmark {
        Benchmark(name: "store.collect N=\(records)") {
            let notes = 1_000
            let (environment, store, handles) = try environment(notes: notes, fillers: 0, children: records / notes - 1)
            let held = store.allRecords().count
            guard held >= records, try environment.collect().isEmpty else {
                throw BenchmarkFailure("store.collect found something to collect in a store every handle reaches")
            }
            return .init(
                subject: .init(name: "mark and sweep of every record from \(handles.count) handles") {
                    let collected = try withExtendedLifetime(handles) { try environment.collect() }
                    if !collected.isEmpty { throw BenchmarkFailure("store.collect took records a handle reads") }
                },
                baselines: [.init(name: "Set of every record ID") { blackHole(store.recordIDs) }]
            )
        }
    }
}

/// A transport for benchmarks that never reach the network.
struct NoTransport: Transport {
    func send(_ request: GraphQLRequest) -> AsyncThrowingStream<GraphQLResponse, any Error> {
        AsyncThrowingStream { $0.finish(throwing: TransportError(statusCode: 0, body: "benchmarks do not fetch")) }
    }
}

/// `query Note($id: ID!) { note(id: $id) { __typename id text } }`, as `baton generate` writes it.
struct BenchNoteQuery: GraphQLOperation {
    static let operationName = "Note"
    static let operationType: GraphQLRequest.OperationType = .query
    static let document = "query Note($id: ID!) { note(id: $id) { __typename id text } }"
    static let operationID = "bench-note-query"
    static let plan = OperationPlan(
        name: "Note", operationType: .query, rootTypename: "Query",
        selections: [
            .field(
                PlanField(
                    name: "note", arguments: [PlanArgument(name: "id", value: .variable("id"))], type: .nonNull(.named("Note")),
                    selections: [
                        .field(PlanField(name: "__typename", type: .nonNull(.named("String")))),
                        .field(PlanField(name: "id", type: .nonNull(.named("ID")))),
                        .field(PlanField(name: "text", type: .nonNull(.named("String")))),
                    ]))
        ])

    struct Variables: OperationVariables {
        var id: String
        var json: JSONObject { ["id": .string(id)] }
    }

    var variables: Variables

    init(id: String) {
        variables = Variables(id: id)
    }

    static func payload(id: String, text: String) -> JSONObject {
        ["note": ["__typename": "Note", "id": .string(id), "text": .string(text)]]
    }

    struct Data: OperationData {
        static var __plan: OperationPlan { BenchNoteQuery.plan }
        let __data: DataObject
        init(__data: DataObject) { self.__data = __data }
    }
}
