import BatonCore
import struct Foundation.Date

/// The one connection that writes an image, and the steps every write and load takes on it.
/// It lives behind the store's writer lock: one write at a time in this process, and SQLite's
/// write lock (`BEGIN IMMEDIATE`, with a busy timeout) against other processes.
struct ImageWriter {
    let connection: SQLiteConnection
    var encoder = RecordEncoder()

    var path: String { connection.path }

    /// Runs `body` in one write transaction, rolled back when it throws.
    mutating func transaction<Result>(_ body: (inout ImageWriter) throws(SQLiteStoreError) -> Result) throws(SQLiteStoreError) -> Result {
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch {
            throw SQLiteStoreError(.writeFailed, path: path, "could not begin a write", error)
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
    /// records read since the last write.
    /// - Returns: the bytes each upserted record takes in the image, in the plan's order.
    mutating func persist(_ plan: WritePlan, seq: Int64, eraseSeq: Int64, stamp: Int64, touched: [(RecordID, Int64)]) throws(SQLiteStoreError) -> [Int] {
        var sizes: [Int] = []
        sizes.reserveCapacity(plan.upserts.count)
        try SQLiteStoreError.mapping(.writeFailed, path, "could not store a write") {
            if !plan.upserts.isEmpty {
                let insert = try connection.statement(ImageSchema.insertRecord)
                for record in plan.upserts {
                    encoder.removeAll()
                    do {
                        try encoder.record(record)
                    } catch {
                        throw SQLiteStoreError(.writeFailed, path: path, "record \(record.id) holds a value nested deeper than \(RecordTag.maximumDepth) levels")
                    }
                    var id = record.id.rawValue
                    try id.withUTF8 { id in
                        try encoder.bytes.withUnsafeBytes { body in
                            insert.bind(1, bytes: UnsafeRawBufferPointer(id))
                            insert.bind(2, integer: seq)
                            insert.bind(3, integer: stamp)
                            insert.bind(4, bytes: body)
                            try insert.step()
                            insert.reset()
                        }
                        sizes.append(id.count + encoder.bytes.count)
                    }
                }
            }
            if !plan.removals.isEmpty {
                let delete = try connection.statement(ImageSchema.deleteRecord)
                for id in plan.removals {
                    delete.bind(1, utf8: id.rawValue)
                    try delete.step()
                    delete.reset()
                }
            }
            if !touched.isEmpty {
                let touch = try connection.statement(ImageSchema.touchRecord)
                for (id, used) in touched {
                    touch.bind(1, utf8: id.rawValue)
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
        return sizes
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
            try encoder.bytes.withUnsafeBytes { errors in
                upsert.bind(5, bytes: errors)
                try upsert.step()
            }
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
