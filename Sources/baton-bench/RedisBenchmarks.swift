@_spi(Generated) import BatonCore
import BatonStoreMemory
import BatonStoreRedis
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The Redis store against a redis-server of the run's own on a Unix socket (Debian's
/// `redis-server`, no persistence, so the rows time the store and the server, not the disk):
/// a write of the payload's records against the memory store's, a read of every field through
/// the near cache against the memory store's, and the change feed's latency from a write in
/// this process to the re-read in another.
enum RedisBenchmarks {
    static var all: [Benchmark] {
        [ingest(items: 10_000), nearCacheRead(items: 10_000), feedLatency()]
    }

    /// The payload's bytes normalized and written into an empty namespace, against the same into
    /// an empty memory store (`store.ingest.memory`'s subject), in the same run.
    static func ingest(items: Int) -> Benchmark {
        Benchmark(name: "store.ingest.redis N=\(items)") {
            let url = try BenchRedis.url()
            let bytes = BenchmarkPayload.bytes(items: items)
            var run = 0
            var store: RedisStore?
            let check = try RedisStore(options: .init(url: url, namespace: "bench:check"))
            let changed = try check.write(normalize(bytes)).changed.count
            guard changed == 2 * items + 1 else {
                throw BenchmarkFailure("store.ingest.redis changed \(changed) records, expected \(2 * items + 1)")
            }
            return .init(
                subject: .init(
                    name: "normalize the bytes and write into an empty RedisStore namespace",
                    setUp: {
                        run += 1
                        store = try RedisStore(options: .init(url: url, namespace: "bench:ingest:\(run)"))
                    },
                    body: { blackHole(try store?.write(normalize(bytes))) }),
                baselines: [
                    .init(name: "normalize the bytes and publish into an empty MemoryStore") {
                        blackHole(try NormalizedStoreBenchmarks.publish(bytes, into: MemoryStore()))
                    }
                ])
        }
    }

    /// The write an environment makes of the payload for a store without snapshots.
    private static func normalize(_ bytes: [UInt8]) throws -> StoreWrite {
        try ResponseNormalizer.normalize(
            responseBytes: bytes, plan: ItemsQuery.plan, operation: NormalizedStoreBenchmarks.operation, comparingWith: nil)
    }

    static func nearCacheRead(items: Int) -> Benchmark {
        Benchmark(name: "store.read.redis near cache N=\(items) (every field)") {
            let url = try BenchRedis.url()
            let records = PayloadRecords.records(items: items)
            let writer = try RedisStore(options: .init(url: url, namespace: "bench:read"))
            try writer.write(StoreWrite(records: records))
            let reader = try RedisStore(options: .init(url: url, namespace: "bench:read"))
            let memory = MemoryStore()
            memory.write(StoreWrite(records: records))
            let fields = records.reduce(0) { $0 + $1.fields.count }
            let warmBy = ContinuousClock.now + .seconds(10)
            while !records.allSatisfy({ reader.nearCacheHolds($0.id) }) {
                guard ContinuousClock.now < warmBy else { throw BenchmarkFailure("the near cache did not fill") }
                _ = try readEveryField(reader)
            }
            guard try readEveryField(reader) == fields else { throw BenchmarkFailure("the near cache read lacks fields") }
            return .init(
                subject: .init(name: "RedisStore read every field, near cache warm") { blackHole(try readEveryField(reader)) },
                baselines: [.init(name: "MemoryStore read every field") { blackHole(try readEveryField(memory)) }])
        }
    }

    /// A write of one record in this process to the re-read of it in another
    /// (``RedisFeedReader``, this executable started again), which prints what it read; the
    /// time includes that line's trip back through a pipe, so it is an upper bound.
    static func feedLatency() -> Benchmark {
        Benchmark(name: "store.feed.redis latency (write to re-read in another process)") {
            let url = try BenchRedis.url()
            let namespace = "bench:feed:\(getpid())"
            let writer = try RedisStore(options: .init(url: url, namespace: namespace))
            let reader = try RedisFeedReaderProcess(url: url, namespace: namespace)
            var step: Int64 = 0
            return .init(
                subject: .init(name: "RedisStore.write, then the other process's feed and re-read") {
                    step += 1
                    try writer.write(
                        StoreWrite(records: [
                            StoreRecord(id: RedisFeedReader.counter, typename: "Counter", fields: [FieldKey("n"): .scalar(.int(step))])
                        ]))
                    try reader.wait(for: String(step))
                },
                baselines: [])
        }
    }

    /// Reads the root, then its items, then their owners, looking at every field's value.
    static func readEveryField(_ store: any Store) throws -> Int {
        var fields = 0
        var wanted = [RecordID.queryRoot]
        while !wanted.isEmpty {
            let read = try store.read(StoreRead(ids: wanted))
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
        case .list(let items): for item in items { collectLinks(item, into: &links) }
        case .scalar, .errors: break
        }
    }
}

/// The run's redis-server, started on first use on a Unix socket in a temporary directory and
/// killed when the run exits.
enum BenchRedis {
    private static let server = Locked<(pid: pid_t, url: String)?>(nil)

    static func url() throws -> String {
        try server.withLock { (server: inout (pid: pid_t, url: String)?) throws -> String in
            if let server { return server.url }
            guard
                let executable = ChildProcess.executable(named: "redis-server")
                    ?? ["/usr/bin/redis-server"].first(where: {
                        FileManager.default.isExecutableFile(atPath: $0)
                    })
            else {
                throw BenchmarkFailure("redis-server is not installed (apt-get install redis-server)")
            }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-redis-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let socket = directory.appendingPathComponent("redis.sock").path
            let arguments = [
                executable, "--port", "0", "--unixsocket", socket, "--unixsocketperm", "700", "--dir", directory.path,
                "--appendonly", "no", "--save", "", "--loglevel", "warning",
            ]
            var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            // The server's own log goes to a file beside its socket, not into the run's output.
            posix_spawn_file_actions_addopen(&actions, 1, directory.appendingPathComponent("redis.log").path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            var pid: pid_t = 0
            guard posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0 else {
                throw BenchmarkFailure("cannot start redis-server")
            }
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: socket) {
                guard Date() < deadline else { throw BenchmarkFailure("redis-server did not open its socket") }
                usleep(5_000)
            }
            server = (pid, "unix://" + socket)
            atexit { BenchRedis.stop() }
            return "unix://" + socket
        }
    }

    static func stop() {
        guard let running = server.withLock({ $0 }) else { return }
        kill(running.pid, SIGKILL)
        let socket = String(running.url.dropFirst("unix://".count))
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: socket).deletingLastPathComponent())
    }
}
