import BatonCSQLite
import BatonCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Everything an image holds, read without changing it: for `baton image dump`.
package struct ImageContents: Sendable {
    /// The image's format version (`user_version`).
    package var formatVersion: Int64
    /// The app's schema version the image was made for.
    package var schemaVersion: String
    /// The records, by ID.
    package var records: [RecordID: StoreRecord]
    /// What the image keeps per operation and variables.
    package var operations: [OperationKey: OperationRecord]
}

/// How big an image is and what it holds, counted without changing it: for `baton image stats`.
package struct ImageStatistics: Sendable {
    package var formatVersion: Int64
    package var schemaVersion: String
    package var records: Int
    package var operations: Int
    /// Records per typename.
    package var typenames: [String: Int]
    /// The bytes the records take: IDs and encoded fields (what the size limit counts).
    package var recordBytes: Int
    /// The bytes the operations take: keys and encoded errors.
    package var operationBytes: Int
    package var fileBytes: Int
    package var walBytes: Int
    package var pageSize: Int
    package var pages: Int
    package var freePages: Int
}

/// Reads an image read-only, as a store would load it, checking the same things first.
package enum ImageInspection {
    /// - Throws: ``SQLiteStoreError`` with code `unreadableImage` or `newerFormat`.
    package static func contents(of path: String) throws(SQLiteStoreError) -> ImageContents {
        let (writer, version, schema) = try open(path)
        let state = try loadAll(writer, path: path)
        defer { try? writer.connection.execute("COMMIT") }
        return ImageContents(
            formatVersion: version, schemaVersion: schema,
            records: state.entries.mapValues(\.record), operations: state.operations)
    }

    /// - Throws: ``SQLiteStoreError`` with code `unreadableImage` or `newerFormat`.
    package static func statistics(of path: String) throws(SQLiteStoreError) -> ImageStatistics {
        let (writer, version, schema) = try open(path)
        let state = try loadAll(writer, path: path)
        defer { try? writer.connection.execute("COMMIT") }
        var typenames: [String: Int] = [:]
        for entry in state.entries.values { typenames[entry.record.typename, default: 0] += 1 }
        do {
            let connection = writer.connection
            let operationBytes =
                try connection.integer("SELECT coalesce(sum(length(operation_id) + length(variables) + length(errors)), 0) FROM operations") ?? 0
            return ImageStatistics(
                formatVersion: version, schemaVersion: schema,
                records: state.entries.count, operations: state.operations.count, typenames: typenames,
                recordBytes: state.recordBytes, operationBytes: Int(operationBytes),
                fileBytes: fileSize(path), walBytes: fileSize(path + "-wal"),
                pageSize: Int(try connection.integer("PRAGMA page_size") ?? 0),
                pages: Int(try connection.integer("PRAGMA page_count") ?? 0),
                freePages: Int(try connection.integer("PRAGMA freelist_count") ?? 0)
            )
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read", error)
        }
    }

    /// Everything the image holds, read in one transaction that the caller commits when done.
    private static func loadAll(_ writer: ImageWriter, path: String) throws(SQLiteStoreError) -> ImageState {
        do {
            try writer.connection.execute("BEGIN")
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read", error)
        }
        do {
            return try writer.loadAll()
        } catch {
            try? writer.connection.execute("COMMIT")
            throw error
        }
    }

    private static func open(_ path: String) throws(SQLiteStoreError) -> (ImageWriter, Int64, String) {
        guard access(path, F_OK) == 0 else {
            throw SQLiteStoreError(.unreadableImage, path: path, "there is no file there")
        }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "SQLite cannot open the file", error)
        }
        connection.setBusyTimeout(milliseconds: 10_000)
        do {
            let version = try connection.integer("PRAGMA user_version") ?? 0
            if version > ImageSchema.currentVersion {
                throw SQLiteStoreError(
                    .newerFormat, path: path,
                    "the image is of format version \(version), made by a newer Baton; this one reads versions up to \(ImageSchema.currentVersion)")
            }
            guard version >= 1 else {
                throw SQLiteStoreError(.unreadableImage, path: path, "the file is not a Baton image (user_version \(version))")
            }
            let schema = try connection.text("SELECT schema FROM image") ?? ""
            // An older image is read as it is: inspecting never migrates.
            var writer = ImageWriter(connection: connection)
            writer.formatVersion = version
            return (writer, version, schema)
        } catch let failure as SQLiteFailure {
            throw SQLiteStoreError(.unreadableImage, path: path, "the file is not an image SQLite can read", failure)
        } catch let error as SQLiteStoreError {
            throw error
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the file is not an image SQLite can read: \(error)")
        }
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}
