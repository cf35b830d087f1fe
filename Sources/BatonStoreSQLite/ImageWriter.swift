import BatonCore

import struct Foundation.Date

/// The one connection that writes an image, and the steps every write and load takes on it.
/// It lives behind the store's writer lock: one write at a time in this process, and SQLite's
/// write lock (`BEGIN IMMEDIATE`, with a busy timeout) against other processes.
struct ImageWriter {
    let connection: SQLiteConnection
    let encoder = RecordEncoder()
    /// How long a write waits for other processes in all.
    var busyTimeout: Duration = .seconds(60)
    /// Writes shown but not yet stored, with write-behind durability.
    var pending = PendingWrites()
    /// The format version of the image as it is read: the current one, except for an older image
    /// read without migrating it.
    var formatVersion = ImageSchema.currentVersion

    var path: String { connection.path }

    /// Runs `body` in one write transaction, rolled back when it throws.
    mutating func transaction<Result>(_ body: (inout ImageWriter) throws(SQLiteStoreError) -> Result) throws(SQLiteStoreError) -> Result {
        let connection = connection
        try ImageOpening.retryingWhileBusy(busyTimeout) { () throws(SQLiteStoreError) in
            do throws(SQLiteFailure) {
                try connection.execute("BEGIN IMMEDIATE")
            } catch {
                throw SQLiteStoreError(.writeFailed, path: connection.path, "could not begin a write", error)
            }
        }
        do throws(SQLiteStoreError) {
            let result = try body(&self)
            do {
                try connection.execute("COMMIT")
            } catch {
                throw SQLiteStoreError(.writeFailed, path: path, "could not commit a write", error)
            }
            return result
        } catch {
            if connection.inTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Stores a plan's records and operations at sequence number `seq`, and the use stamps of
    /// records read since the last write. New records append rows; held ones update theirs.
    /// - Returns: each upserted record's row and the bytes it takes, in the plan's order.
    mutating func persist(_ plan: WritePlan, seq: Int64, eraseSeq: Int64, stamp: Int64, touched: [(row: Int64, used: Int64)]) throws(SQLiteStoreError)
        -> [StoredRow]
    {
        var stored: [StoredRow] = []
        stored.reserveCapacity(plan.upserts.count)
        try SQLiteStoreError.mapping(.writeFailed, path, "could not store a write") {
            // Looked up once for the whole write: the cache of statements is keyed by their text.
            let statements = plan.upserts.isEmpty ? nil : try RecordStatements(connection)
            if let statements, plan.upserts.count >= EncodingPipeline.threshold {
                try storeRecords(
                    plan, encodedBy: EncodingPipeline(plan.upserts), with: statements, seq: seq, stamp: stamp, into: &stored)
            } else if let statements {
                for (index, record) in plan.upserts.enumerated() {
                    encoder.removeAll()
                    do {
                        try encoder.record(record)
                    } catch {
                        throw tooDeep(record.id)
                    }
                    stored.append(
                        try storeRecord(record.id, row: plan.rows[index], body: encoder.bytes, with: statements, seq: seq, stamp: stamp))
                }
            }
            if !plan.removals.isEmpty {
                let delete = try connection.statement(ImageSchema.deleteRecord)
                for (id, row) in plan.removals where row != 0 {
                    delete.bind(1, integer: row)
                    delete.bind(2, utf8: id.rawValue)
                    try delete.step()
                    delete.reset()
                }
            }
            if !touched.isEmpty {
                let touch = try connection.statement(ImageSchema.touchRecord)
                for (row, used) in touched {
                    touch.bind(1, integer: row)
                    touch.bind(2, integer: used)
                    try touch.step()
                    touch.reset()
                }
            }
            for (key, operation) in plan.operations {
                try store(key, operation, seq: seq)
            }
            let marks = try connection.statement(ImageSchema.writeMarks)
            marks.bind(1, integer: seq)
            marks.bind(2, integer: eraseSeq)
            try marks.step()
            marks.reset()
        }
        return stored
    }

    /// Stores the records of a large write as another thread encodes them.
    private func storeRecords(
        _ plan: WritePlan, encodedBy pipeline: EncodingPipeline, with statements: RecordStatements, seq: Int64, stamp: Int64,
        into stored: inout [StoredRow]
    ) throws {
        var index = 0
        var number = 0
        while index < plan.upserts.count {
            let chunk = pipeline.chunk(number)
            number += 1
            try chunk.bytes.withUnsafeBytes { bytes in
                var start = 0
                for end in chunk.ends {
                    let body = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                    stored.append(
                        try storeRecord(plan.upserts[index].id, row: plan.rows[index], body: body, with: statements, seq: seq, stamp: stamp))
                    start = end
                    index += 1
                }
            }
            if let failed = chunk.tooDeep { throw tooDeep(plan.upserts[failed].id) }
        }
    }

    /// Inserts a new record's row, or updates the row of one the image holds.
    private func storeRecord(
        _ id: RecordID, row: Int64, body: UnsafeRawBufferPointer, with statements: RecordStatements, seq: Int64, stamp: Int64
    ) throws -> StoredRow {
        var text = id.rawValue
        let idBytes = text.utf8.count
        guard row == 0 else {
            let update = statements.update
            update.bind(1, integer: row)
            update.bind(2, integer: seq)
            update.bind(3, integer: stamp)
            update.bind(4, bytes: body)
            defer { update.resetKeepingBindings() }
            try update.step()
            return StoredRow(row: row, bytes: idBytes + body.count)
        }
        let insert = statements.insert
        try text.withUTF8 { text in
            insert.bind(1, bytes: UnsafeRawBufferPointer(text))
            insert.bind(2, integer: seq)
            insert.bind(3, integer: stamp)
            insert.bind(4, bytes: body)
            defer { insert.resetKeepingBindings() }
            try insert.step()
        }
        return StoredRow(row: connection.lastInsertedRow, bytes: idBytes + body.count)
    }

    /// The statements that insert and update a record's row, each reset after its use and
    /// bound whole, so neither needs resetting when taken.
    private struct RecordStatements {
        let insert: SQLiteStatement
        let update: SQLiteStatement

        init(_ connection: SQLiteConnection) throws(SQLiteFailure) {
            insert = try connection.statement(ImageSchema.insertRecord, fresh: false)
            update = try connection.statement(ImageSchema.updateRecord, fresh: false)
        }
    }

    private func tooDeep(_ id: RecordID) -> SQLiteStoreError {
        SQLiteStoreError(.writeFailed, path: path, "record \(id) holds a value nested deeper than \(RecordTag.maximumDepth) levels")
    }

    private mutating func store(_ key: OperationKey, _ operation: OperationRecord, seq: Int64) throws(SQLiteStoreError) {
        encoder.removeAll()
        do {
            try encoder.errors(operation.errors)
        } catch {
            throw SQLiteStoreError(.writeFailed, path: path, "operation \(key) keeps an error nested deeper than \(RecordTag.maximumDepth) levels")
        }
        try SQLiteStoreError.mapping(.writeFailed, path, "could not store operation \(key)") {
            let upsert = try connection.statement(ImageSchema.upsertOperation)
            upsert.bind(1, utf8: key.operationID)
            upsert.bind(2, utf8: key.variables)
            upsert.bind(3, integer: seq)
            if let fetched = operation.fetched {
                upsert.bind(4, integer: Self.milliseconds(fetched))
            } else {
                upsert.bindNull(4)
            }
            upsert.bind(5, bytes: encoder.bytes)
            if let invalidated = operation.invalidated {
                upsert.bind(6, integer: Self.milliseconds(invalidated))
            } else {
                upsert.bindNull(6)
            }
            try upsert.step()
            upsert.reset()
        }
    }

    /// A fetch time as the image keeps it: milliseconds since 1970, rounded.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        return value.isFinite ? Int64(value.clamped(to: -9.2e18...9.2e18)) : 0
    }

    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}

// Its connection and encoder are not safe to share on their own; it is Sendable so that the
// store's writer lock (`Locked`) can hold it, and it is used only inside that lock.
extension ImageWriter: @unchecked Sendable {}
