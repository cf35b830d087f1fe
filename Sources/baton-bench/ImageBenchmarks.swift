import BatonCore
import BatonStoreMemory
import BatonStoreSQLite
import Foundation

/// The SQLite image written and opened with the records of the PAYLOAD.md response (one root,
/// N items, N owners), against the memory store's write and Foundation's parse of the same
/// response in the same run.
enum ImageBenchmarks {
    static var all: [Benchmark] {
        [
            ingest(items: 10_000),
            openRead(items: 10_000),
        ]
    }

    /// A directory for the benchmark's images, emptied before each run.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-images-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Publishes the write set into an empty image; when `write` returns it is durable as the
    /// store promises (in the write-ahead log: a process crash loses none of it). Opening the
    /// empty image before and removing it after are not timed.
    static func ingest(items: Int) -> Benchmark {
        Benchmark(name: "store.ingest.sqlite N=\(items) (\(2 * items + 1) records)") {
            let records = PayloadRecords.records(items: items)
            let write = StoreWrite(records: records)
            let folder = try directory()
            let check = try SQLiteStore(path: folder.appendingPathComponent("check.sqlite").path)
            guard try check.write(write).changed.count == records.count, check.read(StoreRead(ids: records.map(\.id))).count == records.count else {
                throw BenchmarkFailure("store.ingest.sqlite did not store all \(records.count) records")
            }
            check.close()
            var run = 0
            var image: SQLiteStore?
            var memory: MemoryStore?
            return .init(
                subject: .init(name: "SQLiteStore.write into an empty image (write-through)", setUp: {
                    image?.close()
                    for suffix in ["", "-wal", "-shm"] {
                        try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("ingest-\(run).sqlite\(suffix)").path)
                    }
                    run += 1
                    image = try SQLiteStore(path: folder.appendingPathComponent("ingest-\(run).sqlite").path)
                }, body: {
                    blackHole(try image?.write(write))
                }),
                baselines: [
                    // The store is released before the next run, untimed, as the image is.
                    .init(name: "MemoryStore.write into an empty memory store", setUp: { blackHole(memory); memory = nil }, body: {
                        let store = MemoryStore()
                        blackHole(store.write(write))
                        memory = store
                    })
                ]
            )
        }
    }

    /// Opens an image of the payload's records in a new store and reads every field of every
    /// record through the store API, following the root's links to the items and theirs to the
    /// owners (the generated types' reader is not measured here).
    static func openRead(items: Int) -> Benchmark {
        Benchmark(name: "image.open-read N=\(items) (store API, every field)") {
            let records = PayloadRecords.records(items: items)
            let folder = try directory()
            let path = folder.appendingPathComponent("open-read.sqlite").path
            let writer = try SQLiteStore(path: path)
            try writer.write(StoreWrite(records: records))
            writer.close()
            let data = Data(BenchmarkPayload.bytes(items: items))
            guard try readEveryField(try SQLiteStore(path: path)) == records.reduce(0, { $0 + $1.fields.count }) else {
                throw BenchmarkFailure("image.open-read did not read every field of the \(records.count) records")
            }
            return .init(
                subject: .init(name: "SQLiteStore open + read every field") {
                    blackHole(try readEveryField(try SQLiteStore(path: path)))
                },
                baselines: [
                    .init(name: "JSONSerialization.jsonObject of the response") {
                        blackHole(try JSONSerialization.jsonObject(with: data))
                    }
                ]
            )
        }
    }

    /// Reads the root, then its items, then their owners, looking at every field.
    /// - Returns: how many fields it looked at.
    static func readEveryField(_ store: SQLiteStore) throws -> Int {
        var fields = 0
        var wanted = [RecordID.queryRoot]
        while !wanted.isEmpty {
            let read = store.read(StoreRead(ids: wanted))
            guard read.count == wanted.count else { throw BenchmarkFailure("the image lacks \(wanted.count - read.count) records") }
            var next: [RecordID] = []
            for record in read.values {
                for value in record.fields.values {
                    fields += 1
                    collectLinks(value, into: &next)
                }
            }
            wanted = next
        }
        return fields
    }

    private static func collectLinks(_ value: FieldValue, into links: inout [RecordID]) {
        switch value {
        case .link(let id): links.append(id)
        case .list(let elements): for element in elements { collectLinks(element, into: &links) }
        case .scalar(let json): blackHole(json)
        case .errors(let errors): blackHole(errors)
        }
    }
}
