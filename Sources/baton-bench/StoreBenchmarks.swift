import BatonCore
import BatonStoreMemory

/// The memory store written and read with the records of the PAYLOAD.md response (one root,
/// N items, N owners), against a plain dictionary of the same records: the floor any store
/// keyed by record ID pays.
enum StoreBenchmarks {
    static var all: [Benchmark] {
        [
            write(items: 1_000),
            write(items: 10_000),
            read(items: 10_000),
        ]
    }

    static func write(items: Int) -> Benchmark {
        Benchmark(name: "store.memory write N=\(items) (\(2 * items + 1) records)") {
            let records = PayloadRecords.records(items: items)
            let written = MemoryStore().write(StoreWrite(records: records)).changed.count
            guard written == records.count else {
                throw BenchmarkFailure("store.memory write changed \(written) records, expected \(records.count)")
            }
            return .init(
                subject: .init(name: "MemoryStore.write into an empty store") {
                    blackHole(MemoryStore().write(StoreWrite(records: records)))
                },
                baselines: [
                    .init(name: "Dictionary<RecordID, StoreRecord> insert") {
                        var dictionary: [RecordID: StoreRecord] = [:]
                        for record in records { dictionary[record.id] = record }
                        blackHole(dictionary)
                    }
                ]
            )
        }
    }

    static func read(items: Int) -> Benchmark {
        Benchmark(name: "store.memory read N=\(items) (\(2 * items + 1) records)") {
            let records = PayloadRecords.records(items: items)
            let ids = records.map(\.id)
            let store = MemoryStore()
            store.write(StoreWrite(records: records))
            var dictionary: [RecordID: StoreRecord] = [:]
            for record in records { dictionary[record.id] = record }
            guard store.read(StoreRead(ids: ids)).count == records.count else {
                throw BenchmarkFailure("store.memory read did not return all \(records.count) records")
            }
            return .init(
                subject: .init(name: "MemoryStore.read of every record") {
                    blackHole(store.read(StoreRead(ids: ids)))
                },
                baselines: [
                    .init(name: "Dictionary<RecordID, StoreRecord> lookups") {
                        var found: [RecordID: StoreRecord] = [:]
                        found.reserveCapacity(ids.count)
                        for id in ids { found[id] = dictionary[id] }
                        blackHole(found)
                    }
                ]
            )
        }
    }
}

/// The PAYLOAD.md response as normalized records: the root's `items` links N `Item` records,
/// each linking its `User` owner.
enum PayloadRecords {
    static func records(items: Int) -> [StoreRecord] {
        var records: [StoreRecord] = []
        records.reserveCapacity(2 * items + 1)
        var links: [FieldValue] = []
        links.reserveCapacity(items)
        for index in 0..<items {
            let item = RecordID("Item:item-\(index)")
            let owner = RecordID("User:user-\(index)")
            links.append(.link(item))
            records.append(
                StoreRecord(
                    id: item, typename: "Item",
                    fields: [
                        FieldKey("__typename"): .scalar("Item"),
                        FieldKey("id"): .scalar(.string("item-\(index)")),
                        FieldKey("name"): .scalar(.string("Item number \(index)")),
                        FieldKey("description"): .scalar(.string("A moderately long description string for item \(index) used in benchmarks")),
                        FieldKey("count"): .scalar(.int(Int64(index * 7))),
                        FieldKey("price"): .scalar(.double(Double(index) * 1.25 + 0.5)),
                        FieldKey("active"): .scalar(.bool(index.isMultiple(of: 2))),
                        FieldKey("createdAt"): .scalar(.string("2024-01-\(10 + index % 18)T12:34:56Z")),
                        FieldKey("rating"): .scalar(.double(Double(index % 50) / 10.0)),
                        FieldKey("code"): .scalar(.string("C\(index)X")),
                        FieldKey("score"): .scalar(.int(Int64(index % 1000))),
                        FieldKey("flag"): .scalar(.bool(index % 3 == 0)),
                        FieldKey("owner"): .link(owner),
                    ]))
            records.append(
                StoreRecord(
                    id: owner, typename: "User",
                    fields: [
                        FieldKey("__typename"): .scalar("User"),
                        FieldKey("id"): .scalar(.string("user-\(index)")),
                        FieldKey("name"): .scalar(.string("Owner \(index)")),
                    ]))
        }
        records.insert(StoreRecord(id: .queryRoot, typename: "Query", fields: [FieldKey("items"): .list(links)]), at: 0)
        return records
    }
}
