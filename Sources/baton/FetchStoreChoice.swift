import BatonCore
import BatonStoreMemory
import BatonStoreRedis
import BatonStoreSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store `baton fetch --store NAME` writes into and reads back from: the one place a store
/// name becomes a store, so another store is one more case here.
enum FetchStoreChoice {
    /// The store `name` names: `memory`, `sqlite:PATH` for the image at PATH (created when
    /// absent), or `redis://HOST[:PORT][/DB][#NAMESPACE]` or `unix:///PATH[#NAMESPACE]` for a
    /// Redis server's namespace (`baton` by default). An image that cannot be opened, or a Redis
    /// URL that names no server, ends the command with its error and exit 65, the file untouched.
    /// - Throws: ``UsageError`` for a name no built-in store has.
    static func store(named name: String) throws(UsageError) -> any Store {
        if name == "memory" { return MemoryStore() }
        if name.hasPrefix("redis://") || name.hasPrefix("unix://") {
            let parts = name.split(separator: "#", maxSplits: 1)
            do {
                return try RedisStore(
                    options: .init(url: String(parts[0]), namespace: parts.count > 1 ? String(parts[1]) : "baton"))
            } catch {
                writeStandardError("baton: \(error)\n")
                exit(ExitStatus.badConfiguration)
            }
        }
        guard name.hasPrefix("sqlite:"), name.count > "sqlite:".count else {
            throw UsageError("--store must be memory, sqlite:PATH, redis://HOST:PORT/DB or unix:///PATH, got '\(name)'")
        }
        let path = String(name.dropFirst("sqlite:".count))
        do {
            return try SQLiteStore(path: path)
        } catch {
            writeStandardError("baton: \(error)\n")
            exit(ExitStatus.badConfiguration)
        }
    }
}

/// Any ``Store`` read record by record, for the reader.
struct StoreRecordSource: RecordSource {
    let store: any Store

    func record(_ id: RecordID) -> StoreRecord? {
        (try? store.read(StoreRead(ids: [id])))?[id]
    }

    func operation(_ key: OperationKey) -> OperationRecord? {
        (try? store.operation(key)) ?? nil
    }
}
