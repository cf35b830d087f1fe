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
            ingest(items: 10_000, durability: .writeBehind, flushing: true),
            ingest(items: 10_000, durability: .writeBehind, flushing: false),
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

    /// Publishes the write set into an empty image. With write-through it is durable when
    /// `write` returns (in the write-ahead log: a process crash loses none of it); with
    /// write-behind when `flush()` returns, or, `flushing` false, the row times `write` alone,
    /// what the caller waits for, the store still storing it on another thread. Opening the
    /// empty image before and closing and removing it after are not timed.
    static func ingest(items: Int, durability: SQLiteStore.Options.Durability = .writeThrough, flushing: Bool = true) -> Benchmark {
        let mode: String
        switch (durability, flushing) {
        case (.writeThrough, _): mode = ""
        case (.writeBehind, true): mode = " write-behind+flush"
        case (.writeBehind, false): mode = " write-behind, write alone"
        }
        return Benchmark(name: "store.ingest.sqlite\(mode) N=\(items) (\(2 * items + 1) records)") {
            let records = PayloadRecords.records(items: items)
            let write = StoreWrite(records: records)
            let folder = try directory()
            let options = SQLiteStore.Options(durability: durability)
            let check = try SQLiteStore(path: folder.appendingPathComponent("check.sqlite").path, options: options)
            guard try check.write(write).changed.count == records.count else {
                throw BenchmarkFailure("store.ingest.sqlite did not report all \(records.count) records changed")
            }
            try check.flush()
            guard try SQLiteStore(path: check.path).read(StoreRead(ids: records.map(\.id))).count == records.count else {
                throw BenchmarkFailure("store.ingest.sqlite did not store all \(records.count) records")
            }
            check.close()
            var run = 0
            var image: SQLiteStore?
            var memory: MemoryStore?
            let subject =
                durability == .writeThrough
                ? "SQLiteStore.write into an empty image (write-through)"
                : flushing
                    ? "SQLiteStore.write + flush into an empty image (write-behind)"
                    : "SQLiteStore.write into an empty image (write-behind, stored after)"
            return .init(
                subject: .init(
                    name: subject,
                    setUp: {
                        image?.close()
                        for suffix in ["", "-wal", "-shm"] {
                            try? FileManager.default.removeItem(atPath: folder.appendingPathComponent("ingest-\(run).sqlite\(suffix)").path)
                        }
                        run += 1
                        image = try SQLiteStore(path: folder.appendingPathComponent("ingest-\(run).sqlite").path, options: options)
                    },
                    body: {
                        blackHole(try image?.write(write))
                        if flushing { try image?.flush() }
                    }),
                baselines: [
                    // The store is released before the next run, untimed, as the image is.
                    .init(
                        name: "MemoryStore.write into an empty memory store",
                        setUp: {
                            blackHole(memory)
                            memory = nil
                        },
                        body: {
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

    /// Reads the root, then its items, then their owners, looking at every field's value.
    /// - Returns: how many fields it looked at.
    static func readEveryField(_ store: SQLiteStore) throws -> Int {
        var fields = 0
        var checksum = 0
        var wanted = [RecordID.queryRoot]
        while !wanted.isEmpty {
            let read = store.read(StoreRead(ids: wanted))
            guard read.count == wanted.count else { throw BenchmarkFailure("the image lacks \(wanted.count - read.count) records") }
            var next: [RecordID] = []
            for record in read.values {
                for value in record.fields.values {
                    fields += 1
                    look(at: value, checksum: &checksum, links: &next)
                }
            }
            wanted = next
        }
        blackHole(checksum)
        return fields
    }

    /// Folds a value into `checksum`, so reading it cannot be skipped, and collects its links.
    private static func look(at value: FieldValue, checksum: inout Int, links: inout [RecordID]) {
        switch value {
        case .link(let id): links.append(id)
        case .list(let elements): for element in elements { look(at: element, checksum: &checksum, links: &links) }
        case .errors(let errors): checksum &+= errors.count
        case .scalar(let json):
            switch json {
            case .null: checksum &+= 1
            case .bool(let flag): checksum &+= flag ? 2 : 3
            case .int(let integer): checksum &+= Int(truncatingIfNeeded: integer)
            case .double(let double): checksum &+= Int(double)
            case .number(let text): checksum &+= text.utf8.count
            case .string(let text): checksum &+= text.utf8.count
            case .list(let elements): checksum &+= elements.count
            case .object(let object): checksum &+= object.count
            }
        }
    }
}
