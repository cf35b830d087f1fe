import BatonCore

/// Reading the image into memory: all of it when the store opens, and what other processes
/// (or other stores on the same file) changed since, before each write and when a read notices.
extension ImageWriter {
    /// The image's marks: the sequence numbers of its last write and of its last removal.
    func marks() throws(SQLiteFailure) -> (seq: Int64, eraseSeq: Int64) {
        try Self.marks(on: connection)
    }

    /// The image's marks, read on `connection`.
    static func marks(on connection: SQLiteConnection) throws(SQLiteFailure) -> (seq: Int64, eraseSeq: Int64) {
        let statement = try connection.statement(ImageSchema.readMarks)
        defer { statement.reset() }
        guard try statement.step() else { throw SQLiteFailure(code: 0, message: "the image table has no row", sql: ImageSchema.readMarks) }
        return (statement.integer(0), statement.integer(1))
    }

    /// Everything the image holds, as a fresh state.
    /// - Throws: ``SQLiteStoreError/Code/unreadableImage`` naming what could not be read.
    func loadAll() throws(SQLiteStoreError) -> ImageState {
        var state = ImageState()
        do {
            let marks = try self.marks()
            try loadOperations(ImageSchema.allOperations(formatVersion: formatVersion), after: nil, into: &state)
            let operations = state.operations
            state = try loadAllRecords()
            state.operations = operations
            state.seq = marks.seq
            state.eraseSeq = marks.eraseSeq
        } catch let failure as SQLiteFailure {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read", failure)
        } catch let damaged as SQLiteStoreError {
            throw damaged
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read: \(error)")
        }
        state.openedAt = state.clock
        return state
    }

    /// What ``catchUp(_:)`` read in.
    enum CaughtUp {
        /// Nobody else wrote.
        case nothing
        /// Another connection wrote these records and operations.
        case changed(Set<RecordID>, Set<OperationKey>)
        /// Another connection removed records, so the whole image was read in again.
        case everything
    }

    /// Brings `state` up to date with the image, when another connection wrote since it last
    /// matched: the records and operations written since, or everything when records were removed.
    /// Call it inside a transaction, so what it reads is one moment of the image.
    @discardableResult
    func catchUp(_ state: Locked<ImageState>) throws(SQLiteStoreError) -> CaughtUp {
        let known = state.withLock { (seq: $0.seq, eraseSeq: $0.eraseSeq) }
        let marks: (seq: Int64, eraseSeq: Int64)
        do {
            marks = try self.marks()
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read", error)
        }
        guard marks != known else { return .nothing }
        if marks.eraseSeq != known.eraseSeq || marks.seq < known.seq {
            // Records were removed elsewhere; which ones only a full read shows.
            let fresh = try loadAll()
            state.withLock { held in
                let clock = max(held.clock, fresh.clock)
                held = fresh
                held.clock = clock
                held.openedAt = clock
            }
            return .everything
        }
        var changes = ImageState()
        do {
            try loadRecords(ImageSchema.recordsAfter, after: known.seq, into: &changes)
            try loadOperations(ImageSchema.operationsAfter, after: known.seq, into: &changes)
        } catch let failure as SQLiteFailure {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read", failure)
        } catch let damaged as SQLiteStoreError {
            throw damaged
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read: \(error)")
        }
        state.withLock { held in
            for entry in changes.entries.values {
                held.insert(
                    entry.record, at: StoredRow(row: entry.row, bytes: entry.bytes), used: max(entry.used, held.entries[entry.record.id]?.used ?? 0))
            }
            for (key, operation) in changes.operations { held.operations[key] = operation }
            held.clock = max(held.clock, changes.clock)
            held.seq = marks.seq
            held.eraseSeq = marks.eraseSeq
        }
        return .changed(Set(changes.entries.keys), Set(changes.operations.keys))
    }

    /// Every record, read from SQLite on this thread and decoded on another.
    private func loadAllRecords() throws -> ImageState {
        let pipeline = DecodingPipeline(path: path)
        do {
            let select = try connection.statement(ImageSchema.allRecords)
            defer { select.reset() }
            var chunk = DecodingPipeline.Chunk()
            while try select.step() {
                let id = select.bytes(1)
                let body = select.bytes(3)
                chunk.bytes.append(contentsOf: id)
                let idEnd = chunk.bytes.count
                chunk.bytes.append(contentsOf: body)
                chunk.rows.append(.init(row: select.integer(0), used: select.integer(2), idEnd: idEnd, bodyEnd: chunk.bytes.count))
                if chunk.rows.count == DecodingPipeline.chunkSize {
                    pipeline.send(chunk)
                    chunk = DecodingPipeline.Chunk()
                    chunk.bytes.reserveCapacity(256 * DecodingPipeline.chunkSize)
                }
            }
            if !chunk.rows.isEmpty { pipeline.send(chunk) }
        } catch {
            // The decoding thread must end before this returns; what it found no longer matters.
            _ = try? pipeline.finish()
            throw error
        }
        return try pipeline.finish()
    }

    private func loadRecords(_ sql: String, after seq: Int64?, into state: inout ImageState) throws {
        let select = try connection.statement(sql)
        defer { select.reset() }
        if let seq { select.bind(1, integer: seq) }
        while try select.step() {
            let row = select.integer(0)
            let idBytes = select.bytes(1)
            let id = RecordID(String(decoding: idBytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
            let used = select.integer(2)
            let body = select.bytes(3)
            var decoder = RecordDecoder(body)
            let record: StoreRecord
            do {
                record = try decoder.record(id: id)
            } catch {
                throw SQLiteStoreError(.unreadableImage, path: path, "record \(Self.quoted(id.rawValue)) is damaged: \(error.reason)")
            }
            state.insert(record, at: StoredRow(row: row, bytes: idBytes.count + body.count), used: used)
            if used > state.clock { state.clock = used }
        }
    }

    private func loadOperations(_ sql: String, after seq: Int64?, into state: inout ImageState) throws {
        let select = try connection.statement(sql)
        defer { select.reset() }
        if let seq { select.bind(1, integer: seq) }
        while try select.step() {
            let key = OperationKey(operationID: select.text(0), variables: select.text(1))
            let fetched = select.isNull(2) ? nil : Self.date(milliseconds: select.integer(2))
            var decoder = RecordDecoder(select.bytes(3))
            let errors: [GraphQLError]
            do throws(DamagedBody) {
                errors = try decoder.errors()
                guard decoder.isAtEnd else { throw DamagedBody(reason: "bytes after the last error") }
            } catch {
                throw SQLiteStoreError(.unreadableImage, path: path, "the errors kept on operation \(key) are damaged: \(error.reason)")
            }
            let invalidated = select.isNull(4) ? nil : Self.date(milliseconds: select.integer(4))
            state.operations[key] = OperationRecord(fetched: fetched, errors: errors, invalidated: invalidated)
        }
    }

    /// `text` in quotes, shortened when long, for messages.
    static func quoted(_ text: String) -> String {
        text.count > 80 ? "\"\(text.prefix(77))...\"" : "\"\(text)\""
    }
}
