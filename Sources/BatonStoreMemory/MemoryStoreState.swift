import BatonCore

/// What a ``MemoryStore`` holds, and the one algorithm that applies a write to it. A plain value,
/// so the store guards it with a lock and tests can drive it directly.
struct MemoryStoreState {
    var records: [RecordID: StoreRecord] = [:]
    var operations: [OperationKey: OperationRecord] = [:]
    /// The records numbered with their links, once a collection asked; every write after notes
    /// what it changed there.
    var graph: RecordGraph?

    /// The records held among `ids`.
    func read(_ ids: [RecordID]) -> [RecordID: StoreRecord] {
        var found: [RecordID: StoreRecord] = [:]
        found.reserveCapacity(ids.count)
        for id in ids {
            if let record = records[id] { found[id] = record }
        }
        return found
    }

    /// Applies a write in the order ``StoreWrite`` promises (deletions, records, operations).
    /// - Returns: exactly the records whose content differs from before the write.
    mutating func apply(_ write: StoreWrite) -> Set<RecordID> {
        var changed = Set<RecordID>(minimumCapacity: write.records.count + write.deletions.count)
        // A deleted record written again in the same write changed only if it came back different.
        var deleted: [RecordID: StoreRecord] = [:]
        for id in write.deletions {
            if let old = records.removeValue(forKey: id) { deleted[id] = old }
        }
        // A write larger than the store is mostly new records (a first fetch): make room once
        // rather than growing step by step. A smaller one may be all updates, and needs no room.
        if write.records.count > records.count {
            records.reserveCapacity(records.count + write.records.count)
        }
        if records.isEmpty {
            // Every record is new, so changed however often the write names it: no need to merge
            // repeats first, and each ID is looked up once.
            for record in write.records {
                Self.upsert(&records[record.id], record)
                changed.insert(record.id)
            }
        } else {
            for record in Self.coalesced(write.records) where Self.upsert(&records[record.id], record) {
                changed.insert(record.id)
            }
        }
        for (id, old) in deleted {
            if records[id] == old {
                changed.remove(id)
            } else {
                changed.insert(id)
            }
        }
        graph?.invalidate(changed)
        for (key, fetched) in write.fetchedOperations {
            operations[key, default: OperationRecord()].fetched = fetched
        }
        for (key, errors) in write.operationErrors {
            operations[key, default: OperationRecord()].errors = errors
        }
        for (key, invalidated) in write.invalidatedOperations {
            operations[key, default: OperationRecord()].invalidated = invalidated
        }
        return changed
    }

    /// The records held that no root reaches, from the numbered graph (built on the first call).
    mutating func unreachable(roots: Set<RecordID>, operationRoots: Set<RecordID>) -> [RecordID] {
        if graph == nil {
            graph = RecordGraph(records)
        } else {
            graph?.refresh(from: records)
        }
        return graph?.unreachable(roots: roots, operationRoots: operationRoots) ?? []
    }

    /// Stores `record` in `slot` (its place in the table, found once), merging it into what the
    /// slot holds. - Returns: whether the slot's content changed.
    @discardableResult
    private static func upsert(_ slot: inout StoreRecord?, _ record: StoreRecord) -> Bool {
        guard let changed = slot?.merge(record) else {
            slot = record
            return true
        }
        return changed
    }

    /// The records of a write with each ID once, a record named twice merged in order, so the
    /// change each one reports against the store is the change of the whole write.
    static func coalesced(_ records: [StoreRecord]) -> [StoreRecord] {
        guard records.count > 1 else { return records }
        var seen = Set<RecordID>(minimumCapacity: records.count)
        var repeated = false
        for record in records where !seen.insert(record.id).inserted {
            repeated = true
            break
        }
        guard repeated else { return records }
        var positions: [RecordID: Int] = [:]
        var merged: [StoreRecord] = []
        for record in records {
            if let position = positions[record.id] {
                merged[position].merge(record)
            } else {
                positions[record.id] = merged.count
                merged.append(record)
            }
        }
        return merged
    }
}
