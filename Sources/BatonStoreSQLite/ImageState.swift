import BatonCore

/// One record as a ``SQLiteStore`` holds it in memory: the record, its row in the image, the
/// bytes it takes there (ID and body), and when it was last read or written, by the use clock.
struct ImageEntry {
    var record: StoreRecord
    var row: Int64
    var bytes: Int
    var used: Int64
}

/// Where a record went in the image, and what it takes there.
struct StoredRow {
    var row: Int64
    var bytes: Int
}

/// Everything an open image holds, in memory: reads are served from here and never go to disk.
/// A plain value, guarded by the store's lock; writes reach it only after they are on disk.
struct ImageState {
    var entries: [RecordID: ImageEntry] = [:]
    var operations: [OperationKey: OperationRecord] = [:]
    /// The sum of the entries' bytes, which the size limit holds down.
    var recordBytes = 0
    /// The last use stamp handed out; stamps only grow, across launches too.
    var clock: Int64 = 0
    /// The highest stamp the image held when it was opened: an entry stamped no later was
    /// not used since, and its first use now is remembered in ``touched``.
    var openedAt: Int64 = 0
    /// Records read for the first time since the image was opened, whose stamps the image has
    /// not yet; the next write stores them.
    var touched: [RecordID] = []
    /// The image's marks when this state last matched it (``ImageSchema``'s `seq`, `erase_seq`).
    var seq: Int64 = 0
    var eraseSeq: Int64 = 0

    /// The records held among `ids`, each stamped as used.
    mutating func read(_ ids: [RecordID]) -> [RecordID: StoreRecord] {
        var found: [RecordID: StoreRecord] = [:]
        found.reserveCapacity(ids.count)
        clock += 1
        for id in ids {
            guard let position = entries.index(forKey: id) else { continue }
            if entries.values[position].used <= openedAt { touched.append(id) }
            entries.values[position].used = clock
            found[id] = entries.values[position].record
        }
        return found
    }

    /// Stamps the records held among `ids` as used now, as ``read(_:)`` does, without reading them.
    mutating func markUsed(_ ids: [RecordID]) {
        clock += 1
        for id in ids {
            guard let position = entries.index(forKey: id) else { continue }
            if entries.values[position].used <= openedAt { touched.append(id) }
            entries.values[position].used = clock
        }
    }

    /// Puts loaded or written records in, replacing what was held for their IDs.
    mutating func insert(_ record: consuming StoreRecord, at row: StoredRow, used: Int64) {
        let id = record.id
        let old = entries.updateValue(ImageEntry(record: record, row: row.row, bytes: row.bytes, used: used), forKey: id)
        recordBytes += row.bytes - (old?.bytes ?? 0)
    }

    mutating func remove(_ id: RecordID) {
        if let old = entries.removeValue(forKey: id) { recordBytes -= old.bytes }
    }

    /// Publishes a plan that is on disk now, with the records' sizes in the image. The plan's
    /// records move into the state, leaving its `upserts` empty.
    mutating func publish(_ plan: inout WritePlan, rows: [StoredRow], stamp: Int64, seq: Int64, eraseSeq: Int64) {
        if plan.upserts.count > entries.count { entries.reserveCapacity(entries.count + plan.upserts.count) }
        var rows = rows
        while let record = plan.upserts.popLast(), let row = rows.popLast() { insert(record, at: row, used: stamp) }
        for (id, _) in plan.removals { remove(id) }
        for (key, operation) in plan.operations { operations[key] = operation }
        self.seq = seq
        self.eraseSeq = eraseSeq
    }
}

/// What a write changes, worked out against the state before it: the new value of each record
/// that changes, the records it removes, and the operations' new values.
struct WritePlan {
    var upserts: [StoreRecord] = []
    /// Each upsert's row in the image, or 0 for a record the image does not hold yet.
    var rows: [Int64] = []
    var removals: [(RecordID, row: Int64)] = []
    var changed: Set<RecordID> = []
    var operations: [OperationKey: OperationRecord] = [:]

    /// Whether the write changes nothing on disk.
    var isEmpty: Bool { upserts.isEmpty && removals.isEmpty && operations.isEmpty }
}

extension ImageState {
    /// Works out `write` in the order ``StoreWrite`` promises (deletions, records in order,
    /// operations) without applying it, so it can be stored before anyone reads it.
    func plan(_ write: StoreWrite) -> WritePlan {
        var plan = write.deletions.isEmpty ? planRecordsNamedOnce(write.records) : nil
        if plan == nil { plan = planRecordsInGeneral(write) }
        planOperations(write, into: &plan!)
        return plan!
    }

    /// The plan of a write without deletions that names each record once, the common case,
    /// with one lookup in the state per record; `nil` when a record is named twice.
    private func planRecordsNamedOnce(_ records: [StoreRecord]) -> WritePlan? {
        var plan = WritePlan()
        plan.changed.reserveCapacity(records.count)
        plan.upserts.reserveCapacity(records.count)
        plan.rows.reserveCapacity(records.count)
        var unchanged: [RecordID] = []
        for record in records {
            guard plan.changed.insert(record.id).inserted else { return nil }
            if let position = entries.index(forKey: record.id) {
                var merged = entries.values[position].record
                if merged.merge(record) {
                    plan.upserts.append(merged)
                    plan.rows.append(entries.values[position].row)
                } else {
                    unchanged.append(record.id)
                }
            } else {
                plan.upserts.append(record)
                plan.rows.append(0)
            }
        }
        for id in unchanged { plan.changed.remove(id) }
        return plan
    }

    /// The plan of any write's deletions and records: a record named twice merges twice, and one
    /// deleted and written is replaced; each record's change is against what the state held.
    private func planRecordsInGeneral(_ write: StoreWrite) -> WritePlan {
        let deleted = Set(write.deletions)
        var finals: [StoreRecord] = []
        finals.reserveCapacity(write.records.count)
        // Whether each final's change is known from its one merge; `nil` when it must be compared
        // with the held record (named twice, or deleted and written in this write).
        var known: [Bool?] = []
        known.reserveCapacity(write.records.count)
        var positions = [RecordID: Int](minimumCapacity: write.records.count)
        for record in write.records {
            if let position = positions[record.id] {
                finals[position].merge(record)
                known[position] = nil
                continue
            }
            positions[record.id] = finals.count
            if deleted.contains(record.id) {
                finals.append(record)
                known.append(nil)
            } else if var merged = entries[record.id]?.record {
                known.append(merged.merge(record))
                finals.append(merged)
            } else {
                finals.append(record)
                known.append(true)
            }
        }
        var plan = WritePlan()
        plan.changed.reserveCapacity(finals.count + deleted.count)
        plan.upserts.reserveCapacity(finals.count)
        for (record, change) in zip(finals, known) where change ?? (entries[record.id]?.record != record) {
            // A record deleted and written again keeps its row: the row's whole content is replaced.
            plan.upserts.append(record)
            plan.rows.append(entries[record.id]?.row ?? 0)
            plan.changed.insert(record.id)
        }
        for id in deleted where positions[id] == nil {
            guard let held = entries[id] else { continue }
            plan.removals.append((id, held.row))
            plan.changed.insert(id)
        }
        return plan
    }

    private func planOperations(_ write: StoreWrite, into plan: inout WritePlan) {
        guard !write.fetchedOperations.isEmpty || !write.operationErrors.isEmpty || !write.invalidatedOperations.isEmpty else { return }
        let keys = Set(write.fetchedOperations.keys).union(write.operationErrors.keys).union(write.invalidatedOperations.keys)
        for key in keys {
            var operation = operations[key] ?? OperationRecord()
            if let fetched = write.fetchedOperations[key] { operation.fetched = fetched }
            if let errors = write.operationErrors[key] { operation.errors = errors }
            if let invalidated = write.invalidatedOperations[key] { operation.invalidated = invalidated }
            if operation != operations[key] { plan.operations[key] = operation }
        }
    }
}
