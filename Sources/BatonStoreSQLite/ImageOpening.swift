import BatonCSQLite
import BatonCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opening an image: create it owner-only, check what the file is before anything is written
/// to it, migrate it, start it afresh when it was made for another schema, and load it.
enum ImageOpening {
    /// The open writer connection and everything the image holds.
    struct Opened {
        var writer: ImageWriter
        var state: ImageState
    }

    /// Opens the image at `path`, applying the unreadable-image policy.
    static func open(_ path: String, _ options: SQLiteStore.Options) throws(SQLiteStoreError) -> Opened {
        do {
            return try retryingWhileBusy(options.busyTimeout) { () throws(SQLiteStoreError) in try openOnce(path, options) }
        } catch  where error.code == .unreadableImage && options.unreadableImagePolicy == .moveAsideAndStartFresh {
            let movedTo = try moveAside(path, error)
            options.events?.receive(Event(.imageStartedAfresh(path: path, reason: error.description, movedTo: movedTo)))
            return try openOnce(path, options)
        }
    }

    /// Runs `body` again while it fails because another connection holds a lock SQLite would
    /// not wait for (a log being recovered or its mode being switched), for up to `timeout`.
    static func retryingWhileBusy<Result>(_ timeout: Duration, _ body: () throws(SQLiteStoreError) -> Result) throws(SQLiteStoreError) -> Result {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                return try body()
            } catch  where error.isBusy && ContinuousClock.now < deadline {
                usleep(2_000)
            }
        }
    }

    private static func openOnce(_ path: String, _ options: SQLiteStore.Options) throws(SQLiteStoreError) -> Opened {
        try createOwnerOnly(path)
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "SQLite cannot open the file", error)
        }
        let milliseconds = options.busyTimeout.components.seconds * 1000 + options.busyTimeout.components.attoseconds / 1_000_000_000_000_000
        connection.setBusyTimeout(milliseconds: Int32(clamping: milliseconds))
        var writer = ImageWriter(connection: connection)
        writer.busyTimeout = options.busyTimeout

        // Only reads until the file is known to be an image this build can keep.
        let version: Int64
        let tables: Set<String>
        do {
            // One read transaction, so that another process creating the image cannot come
            // between reading its version and its tables.
            try connection.execute("BEGIN")
            defer { try? connection.execute("COMMIT") }
            version = try connection.integer("PRAGMA user_version") ?? 0
            tables = try Set(names(connection, "SELECT name FROM sqlite_master WHERE type = 'table'"))
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "the file is not an image SQLite can read", error)
        }
        if version > ImageSchema.currentVersion {
            throw SQLiteStoreError(
                .newerFormat, path: path,
                "the image is of format version \(version), made by a newer Baton; this one reads versions up to \(ImageSchema.currentVersion)")
        }
        if version == 0 && !tables.isEmpty {
            throw SQLiteStoreError(
                .unreadableImage, path: path,
                "the file is a SQLite database but not a Baton image (user_version 0, tables \(tables.sorted()))")
        }
        if version > 0 && !ImageSchema.tables.isSubset(of: tables) {
            throw SQLiteStoreError(
                .unreadableImage, path: path,
                "the image lacks the tables \(ImageSchema.tables.subtracting(tables).sorted()) of format version \(version)")
        }
        var state: ImageState?
        if version == ImageSchema.currentVersion {
            let schema: String?
            do {
                schema = try connection.text("SELECT schema FROM image")
            } catch {
                throw SQLiteStoreError(.unreadableImage, path: path, "the image cannot be read", error)
            }
            if schema == options.schemaVersion { state = try readWhole(writer) }
        }

        do throws(SQLiteFailure) {
            // A new, empty file has nothing to lose: its switch to WAL and its tables need no sync.
            try connection.execute(version == 0 ? "PRAGMA synchronous = OFF; PRAGMA page_size = 16384" : "PRAGMA synchronous = NORMAL")
            if try connection.text("PRAGMA journal_mode = WAL") != "wal" {
                throw SQLiteFailure(code: 0, message: "SQLite did not switch to write-ahead logging", sql: "PRAGMA journal_mode = WAL")
            }
            // Checkpoints run in the background (ImageCheckpointing); the log is cut back to 8 MiB
            // when it starts over, so one huge write does not leave a huge file behind.
            try connection.execute("PRAGMA cache_size = -32768; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 8388608")
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "could not set the image's journal mode", error)
        }
        if state == nil {
            let reason = try writer.transaction { (writer: inout ImageWriter) throws(SQLiteStoreError) -> String? in
                try prepare(writer.connection, path, options)
            }
            if let reason {
                options.events?.receive(Event(.imageStartedAfresh(path: path, reason: reason, movedTo: nil)))
            }
            state = try readWhole(writer)
        }
        do {
            try connection.execute("PRAGMA synchronous = NORMAL")
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "could not set the image's synchronous mode", error)
        }
        return Opened(writer: writer, state: state ?? ImageState())
    }

    /// Inside a write transaction: migrates the image to the current version, and empties it
    /// when it was made for another schema (checked again here, as another process may have
    /// done either first).
    /// - Returns: why the image started afresh, or `nil` when it kept what it held.
    private static func prepare(_ connection: SQLiteConnection, _ path: String, _ options: SQLiteStore.Options) throws(SQLiteStoreError) -> String? {
        do {
            let version = try connection.integer("PRAGMA user_version") ?? 0
            if version > ImageSchema.currentVersion {
                throw SQLiteStoreError(
                    .newerFormat, path: path,
                    "the image is of format version \(version), made by a newer Baton; this one reads versions up to \(ImageSchema.currentVersion)")
            }
            for migration in ImageSchema.migrations.dropFirst(Int(version)) { try connection.execute(migration) }
            if version == 0 {
                let set = try connection.statement("UPDATE image SET schema = ?1")
                set.bind(1, utf8: options.schemaVersion)
                try set.step()
                set.reset()
            }
            try connection.execute("PRAGMA user_version = \(ImageSchema.currentVersion)")
            let schema = try connection.text("SELECT schema FROM image") ?? ""
            guard schema != options.schemaVersion else { return nil }
            try connection.execute("DELETE FROM records; DELETE FROM operations; UPDATE image SET seq = seq + 1, erase_seq = seq + 1")
            let set = try connection.statement("UPDATE image SET schema = ?1")
            set.bind(1, utf8: options.schemaVersion)
            try set.step()
            set.reset()
            return "it was made for schema version \(ImageWriter.quoted(schema)), and this store is for \(ImageWriter.quoted(options.schemaVersion))"
        } catch let failure as SQLiteFailure {
            throw SQLiteStoreError(.unreadableImage, path: path, "could not prepare the image", failure)
        } catch let error as SQLiteStoreError {
            throw error
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: path, "could not prepare the image: \(error)")
        }
    }

    /// Everything the image holds, read in one transaction so it is one moment of it.
    private static func readWhole(_ writer: ImageWriter) throws(SQLiteStoreError) -> ImageState {
        do {
            try writer.connection.execute("BEGIN")
        } catch {
            throw SQLiteStoreError(.unreadableImage, path: writer.path, "the image cannot be read", error)
        }
        defer { try? writer.connection.execute("COMMIT") }
        return try writer.loadAll()
    }

    private static func names(_ connection: SQLiteConnection, _ sql: String) throws(SQLiteFailure) -> [String] {
        let statement = try connection.statement(sql)
        defer { statement.reset() }
        var names: [String] = []
        while try statement.step() { names.append(statement.text(0)) }
        return names
    }

    /// Creates an empty file at `path`, readable and writable by its owner alone, unless one is
    /// there. SQLite gives the `-wal` and `-shm` files the same permissions as the image.
    private static func createOwnerOnly(_ path: String) throws(SQLiteStoreError) {
        let descriptor = openFile(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        guard code != EEXIST else { return }
        throw SQLiteStoreError(.unreadableImage, path: path, "cannot create the image: \(String(cString: strerror(code)))")
    }

    /// Renames an unreadable file (and its `-wal` and `-shm` files) beside itself.
    /// - Returns: the file's new path.
    private static func moveAside(_ path: String, _ error: SQLiteStoreError) throws(SQLiteStoreError) -> String {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let movedTo = "\(path).unreadable-\(stamp)"
        guard rename(path, movedTo) == 0 else {
            var failed = error
            failed.message += "; moving it aside to \(movedTo) failed: \(String(cString: strerror(errno)))"
            throw failed
        }
        for suffix in ["-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
            _ = rename(path + suffix, movedTo + suffix)
        }
        return movedTo
    }
}

/// `open(2)`, which the enum's own `open` hides by name.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags, mode)
    #elseif canImport(Darwin)
        Darwin.open(path, flags, mode)
    #endif
}
