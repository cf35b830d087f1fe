import BatonCore
import Dispatch

/// Write-behind durability: a write goes to memory and to the pending writes at once, and is
/// stored on another thread moments later, together with every write that came meanwhile.
extension SQLiteStore {
    /// Applies the write `make` returns to memory, notes it for the next flush, and starts one.
    /// - Returns: the records that changed.
    func stage(_ make: (ImageState) -> StoreWrite) throws(SQLiteStoreError) -> Set<RecordID> {
        let changed = try writer.withLock { (writer: inout ImageWriter?) throws(SQLiteStoreError) -> Set<RecordID> in
            guard writer != nil else { throw SQLiteStoreError(.ended, path: path, "the store was closed or ended; it writes nothing more") }
            return state.withLock { held in
                let write = make(held)
                var plan = held.plan(write)
                writer!.pending.note(write) { held.entries[$0]?.row ?? 0 }
                held.clock += 1
                // Rows and sizes stay as the image has them until the flush stores the records.
                let rows = zip(plan.upserts, plan.rows).map { StoredRow(row: $1, bytes: held.entries[$0.id]?.bytes ?? 0) }
                held.publish(&plan, rows: rows, stamp: held.clock, seq: held.seq, eraseSeq: held.eraseSeq)
                return plan.changed
            }
        }
        scheduleFlush()
        return changed
    }

    /// Starts a flush on another thread unless one is already waiting to start.
    private func scheduleFlush() {
        let schedule = flushScheduled.withLock { scheduled -> Bool in
            defer { scheduled = true }
            return !scheduled
        }
        guard schedule else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            flushScheduled.withLock { $0 = false }
            // A failure is kept in the pending writes and thrown by the next flush().
            try? storePending()
        }
    }

    /// Stores every pending write, and the use stamps of records read since the last write, in
    /// one transaction, after laying the pending writes over what other processes stored.
    /// - Throws: ``SQLiteStoreError`` with code `writeFailed`; the writes stay pending.
    func storePending() throws(SQLiteStoreError) {
        try writer.withLock { (writer: inout ImageWriter?) throws(SQLiteStoreError) in
            guard writer != nil else { return }
            let pending = writer!.pending
            let touchedIDs = state.withLock { held -> [RecordID] in
                defer { held.touched.removeAll() }
                return held.touched
            }
            guard !pending.isEmpty || !touchedIDs.isEmpty else { return }
            do throws(SQLiteStoreError) {
                let stored = try writer!.transaction { (writer: inout ImageWriter) throws(SQLiteStoreError) -> StoredWrite in
                    let caught = try writer.catchUp(state)
                    self.report(caught)
                    var planned = state.withLock { held in Self.layOver(pending, caught, &held) }
                    let touched = state.withLock { held in touchedIDs.compactMap { held.entries[$0].map { (row: $0.row, used: $0.used) } } }
                    planned.rows = try writer.persist(
                        planned.plan, seq: planned.seq, eraseSeq: planned.eraseSeq, stamp: planned.stamp, touched: touched)
                    return planned
                }
                state.withLock { held in
                    for (record, row) in zip(stored.plan.upserts, stored.rows) {
                        guard let position = held.entries.index(forKey: record.id) else { continue }
                        held.recordBytes += row.bytes - held.entries.values[position].bytes
                        held.entries.values[position].row = row.row
                        held.entries.values[position].bytes = row.bytes
                    }
                    held.seq = stored.seq
                    held.eraseSeq = stored.eraseSeq
                }
                writer!.pending = PendingWrites()
            } catch {
                state.withLock { $0.touched += touchedIDs }
                writer!.pending.failure = error
                throw error
            }
        }
    }

    /// Lays the pending writes again over what another process stored meanwhile (`caught`), and
    /// plans storing the records and operations they name as memory now holds them.
    private static func layOver(_ pending: PendingWrites, _ caught: ImageWriter.CaughtUp, _ held: inout ImageState) -> StoredWrite {
        var removalRows: [RecordID: Int64] = [:]
        let relaid: (records: [RecordID], operations: [OperationKey])
        switch caught {
        case .nothing: relaid = ([], [])
        case .changed(let records, let operations):
            relaid = (records.filter { pending.records[$0] != nil }, operations.filter { pending.operations[$0] != nil })
        case .everything: relaid = (Array(pending.records.keys), Array(pending.operations.keys))
        }
        for id in relaid.records {
            let entry = held.entries[id]
            if let record = pending.replay(id, over: entry?.record) {
                held.insert(record, at: StoredRow(row: entry?.row ?? 0, bytes: entry?.bytes ?? 0), used: entry?.used ?? held.clock)
            } else if let entry {
                removalRows[id] = entry.row
                held.remove(id)
            }
        }
        for key in relaid.operations { held.operations[key] = pending.replay(key, over: held.operations[key]) }

        var plan = WritePlan()
        for (id, change) in pending.records {
            if let entry = held.entries[id] {
                plan.upserts.append(entry.record)
                plan.rows.append(entry.row)
            } else if case .replaced(_, let row) = change, let stored = removalRows[id] ?? (row == 0 ? nil : row) {
                plan.removals.append((id, stored))
            }
        }
        for key in pending.operations.keys {
            if let operation = held.operations[key] { plan.operations[key] = operation }
        }
        held.clock += 1
        let seq = held.seq + 1
        return StoredWrite(plan: plan, rows: [], stamp: held.clock, seq: seq, eraseSeq: plan.removals.isEmpty ? held.eraseSeq : seq)
    }
}
