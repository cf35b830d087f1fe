import BatonCore

extension SQLiteStore {
    /// Stores what is not yet in the image: with write-behind, every write made so far; and
    /// which records were read lately (for eviction). With write-through, every write is already
    /// stored when ``write(_:)`` returns.
    /// - Throws: ``SQLiteStoreError`` with code `writeFailed` (the writes stay pending, and a
    ///   later flush tries again) or `ended`.
    public func flush() throws(SQLiteStoreError) {
        switch options.durability {
        case .writeThrough: _ = try applyThrough { _ in StoreWrite() }
        case .writeBehind: try storePending()
        }
    }

    /// Stores what ``flush()`` stores and closes the image. Reads still serve what memory holds;
    /// writes throw ``SQLiteStoreError/Code/ended``.
    public func close() {
        try? flush()
        watcher.withLock { $0 = nil }
        writer.withLock { $0 = nil }
    }

    /// Removes every record and operation from the image and from memory, overwriting what they
    /// took on disk, and ends the store: for signing out. A write after it, even one already
    /// under way, throws ``SQLiteStoreError/Code/ended`` and stores nothing.
    /// - Throws: ``SQLiteStoreError`` with code `writeFailed` (the store then still holds
    ///   everything and is not ended) or `ended`.
    public func removeAll() throws(SQLiteStoreError) {
        try writer.withLock { (writer: inout ImageWriter?) throws(SQLiteStoreError) in
            guard writer != nil else { throw SQLiteStoreError(.ended, path: path, "the store was closed or ended; it writes nothing more") }
            try? writer!.connection.execute("PRAGMA secure_delete = ON")
            try writer!.transaction { (writer: inout ImageWriter) throws(SQLiteStoreError) in
                do throws(SQLiteFailure) {
                    try writer.connection.execute("DELETE FROM records; DELETE FROM operations; UPDATE image SET seq = seq + 1, erase_seq = seq + 1")
                } catch {
                    throw SQLiteStoreError(.writeFailed, path: path, "could not remove the image's records", error)
                }
            }
            // The log still holds the removed records' old pages until it is checkpointed and emptied.
            try? writer!.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            writer = nil
            state.withLock { $0 = ImageState() }
        }
        watcher.withLock { $0 = nil }
    }

    /// Rebuilds the image file without its free pages, so it shrinks to what it holds, and
    /// empties the write-ahead log.
    /// - Throws: ``SQLiteStoreError`` with code `writeFailed` or `ended`.
    public func vacuum() throws(SQLiteStoreError) {
        try writer.withLock { (writer: inout ImageWriter?) throws(SQLiteStoreError) in
            guard let connection = writer?.connection else {
                throw SQLiteStoreError(.ended, path: path, "the store was closed or ended; it writes nothing more")
            }
            do throws(SQLiteFailure) {
                try connection.execute("VACUUM")
                try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            } catch {
                throw SQLiteStoreError(.writeFailed, path: path, "could not vacuum the image", error)
            }
        }
    }
}

extension SQLiteStore {
    /// What `PRAGMA integrity_check` says of the image: `["ok"]` when SQLite finds nothing wrong.
    /// - Throws: ``SQLiteStoreError`` with code `unreadableImage` when the check cannot run, or `ended`.
    package func integrityCheck() throws(SQLiteStoreError) -> [String] {
        try writer.withLock { (writer: inout ImageWriter?) throws(SQLiteStoreError) -> [String] in
            guard let connection = writer?.connection else {
                throw SQLiteStoreError(.ended, path: path, "the store was closed or ended")
            }
            do throws(SQLiteFailure) {
                let check = try connection.statement("PRAGMA integrity_check")
                defer { check.reset() }
                var lines: [String] = []
                while try check.step() { lines.append(check.text(0)) }
                return lines
            } catch {
                throw SQLiteStoreError(.unreadableImage, path: path, "the integrity check could not run", error)
            }
        }
    }
}
