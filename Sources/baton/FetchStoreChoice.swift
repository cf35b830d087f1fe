import BatonCore
import BatonStoreMemory

/// The store `baton fetch --store NAME` writes into and reads back from: the one place a store
/// name becomes a store, so another store is one more case here.
enum FetchStoreChoice {
    /// The store `name` names.
    /// - Throws: ``UsageError`` for a name no built-in store has.
    static func store(named name: String) throws(UsageError) -> any Store {
        switch name {
        case "memory": return MemoryStore()
        default: throw UsageError("--store must be memory, got '\(name)'")
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
