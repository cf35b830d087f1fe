@_spi(Generated) import BatonCore
import BatonStoreMemory
import Foundation

/// The normalized store on the PAYLOAD.md response: ingest (bytes in, records published into an
/// empty memory store), read-all (every field of every item and owner back through the types
/// `baton generate` wrote, `Generated/ItemsQuery.graphql.swift`), and republish (the same
/// response again, changing nothing), each against `JSONSerialization` parsing the same bytes.
enum NormalizedStoreBenchmarks {
    static var all: [Benchmark] {
        [ingest(items: 10_000), ingestParsed(items: 10_000), read(items: 10_000), republish(items: 10_000)]
    }

    static let operation = OperationKey(operationID: ItemsQuery.operationID, variables: "{}")

    static func parseBaseline(_ data: Data) -> Benchmark.Job {
        .init(name: "JSONSerialization.jsonObject of the same bytes") {
            blackHole(try JSONSerialization.jsonObject(with: data))
        }
    }

    /// Normalizes `bytes` against what `store` holds and writes them into it, reporting how many
    /// records changed.
    static func publish(_ bytes: [UInt8], into store: MemoryStore) throws -> Int {
        let write = try ResponseNormalizer.normalize(
            responseBytes: bytes, plan: ItemsQuery.plan, operation: operation, comparingWith: store.snapshot())
        return store.write(write).changed.count
    }

    static func ingest(items: Int) -> Benchmark {
        Benchmark(name: "store.ingest.memory N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let changed = try publish(bytes, into: MemoryStore())
            guard changed == 2 * items + 1 else {
                throw BenchmarkFailure("ingest changed \(changed) records, expected \(2 * items + 1)")
            }
            return .init(
                subject: .init(name: "normalize the bytes and publish into an empty MemoryStore") {
                    blackHole(try publish(bytes, into: MemoryStore()))
                },
                baselines: [parseBaseline(Data(bytes))])
        }
    }

    static func ingestParsed(items: Int) -> Benchmark {
        Benchmark(name: "store.ingest.memory from JSONValue N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let response = try GraphQLResponse(json: JSONValue(parsing: bytes))
            return .init(
                subject: .init(name: "normalize a parsed response and publish into an empty MemoryStore") {
                    let write = try ResponseNormalizer.normalize(response, plan: ItemsQuery.plan, operation: operation)
                    blackHole(MemoryStore().write(write))
                },
                baselines: [parseBaseline(Data(bytes))])
        }
    }

    /// Reads every field of every item and its owner, as an app's view would.
    static func readAll(_ snapshot: MemoryStore.Snapshot) throws -> Int {
        let read = RecordReader.read(ItemsQuery.plan, operation: operation, from: snapshot)
        return read.isMissingData ? -1 : checksum(try ItemsQuery.Data(read))
    }

    /// Every field of every item and its owner, read through the generated types and summed.
    static func checksum(_ data: ItemsQuery.Data) -> Int {
        var total = 0
        for item in data.items {
            total &+= item.id.utf8.count &+ item.name.utf8.count &+ (item.description?.utf8.count ?? 0)
            total &+= item.count &+ Int(item.price) &+ (item.active ? 1 : 0) &+ item.createdAt.utf8.count
            total &+= Int(item.rating ?? 0) &+ item.code.utf8.count &+ (item.score ?? 0) &+ (item.flag ? 1 : 0)
            let owner = item.owner
            total &+= owner.id.utf8.count &+ owner.name.utf8.count
        }
        return total
    }

    static func read(items: Int) -> Benchmark {
        Benchmark(name: "store.read.memory N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let store = MemoryStore()
            _ = try publish(bytes, into: store)
            let snapshot = store.snapshot()
            guard try readAll(snapshot) > 0 else { throw BenchmarkFailure("the read found data missing") }
            return .init(
                subject: .init(name: "read every field back through the generated types") {
                    blackHole(try readAll(snapshot))
                },
                baselines: [parseBaseline(Data(bytes))])
        }
    }

    static func republish(items: Int) -> Benchmark {
        Benchmark(name: "store.republish.memory N=\(items)") {
            let bytes = BenchmarkPayload.bytes(items: items)
            let store = MemoryStore()
            _ = try publish(bytes, into: store)
            let changed = try publish(bytes, into: store)
            guard changed == 0 else { throw BenchmarkFailure("republishing changed \(changed) records") }
            return .init(
                subject: .init(name: "normalize the same bytes again and publish, changing no record") {
                    blackHole(try publish(bytes, into: store))
                },
                baselines: [parseBaseline(Data(bytes))])
        }
    }
}
