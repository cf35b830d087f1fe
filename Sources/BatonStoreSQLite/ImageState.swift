import BatonCore

/// One record as a ``SQLiteStore`` holds it in memory: the record, the bytes it takes in the
/// image (ID and body), and when it was last read or written, by the store's use clock.
struct ImageEntry {
    var record: StoreRecord
    var bytes: Int
    var used: Int64
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

    /// Puts loaded or written records in, replacing what was held for their IDs.
    mutating func insert(_ record: StoreRecord, bytes: Int, used: Int64) {
        let old = entries.updateValue(ImageEntry(record: record, bytes: bytes, used: used), forKey: record.id)
        recordBytes += bytes - (old?.bytes ?? 0)
    }

    mutating func remove(_ id: RecordID) {
        if let old = entries.removeValue(forKey: id) { recordBytes -= old.bytes }
    }

    /// Publishes a plan that is on disk now, with the records' sizes in the image.
    mutating func publish(_ plan: WritePlan, sizes: [Int], stamp: Int64, seq: Int64, eraseSeq: Int64) {
        if plan.upserts.count > entries.count { entries.reserveCapacity(entries.count + plan.upserts.count) }
        for (record, bytes) in zip(plan.upserts, sizes) { insert(record, bytes: bytes, used: stamp) }
        for id in plan.removals { remove(id) }
        for (key, operation) in plan.operations { operations[key] = operation }
        self.seq = seq
        self.eraseSeq = eraseSeq
    }
}

/// What a write changes, worked out against the state before it: the new value of each record
/// that changes, the records it removes, and the operations' new values.
struct WritePlan {
    var upserts: [StoreRecord] = []
    var removals: [RecordID] = []
    var changed: Set<RecordID> = []
    var operations: [OperationKey: OperationRecord] = [:]

    /// Whether the write changes nothing on disk.
    var isEmpty: Bool { upserts.isEmpty && removals.isEmpty && operations.isEmpty }
}

extension ImageState {
    /// Works out `write` in the order ``StoreWrite`` promises (deletions, records in order,
    /// operations) without applying it, so it can be stored before anyone reads it.
    func plan(_ write: StoreWrite) -> WritePlan {
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
            plan.upserts.append(record)
            plan.changed.insert(record.id)
        }
        for id in deleted where positions[id] == nil && entries[id] != nil {
            plan.removals.append(id)
            plan.changed.insert(id)
        }
        for key in Set(write.fetchedOperations.keys).union(write.operationErrors.keys) {
            var operation = operations[key] ?? OperationRecord()
            if let fetched = write.fetchedOperations[key] { operation.fetched = fetched }
            if let errors = write.operationErrors[key] { operation.errors = errors }
            if operation != operations[key] { plan.operations[key] = operation }
        }
        return plan
    }
}
