/// Why an image could not be opened, read or written: a matchable code, the image's path, what
/// went wrong in words, and what SQLite said when it was SQLite that failed.
public struct SQLiteStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, to branch on.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's stable name.
        public var rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The file is not an image SQLite can read: random bytes, a truncated or corrupt image,
        /// a file SQLite cannot open, or another program's database. The file is left as it was.
        public static let unreadableImage = Code(rawValue: "unreadableImage")
        /// The image was written by a newer Baton, in a format this one does not know. Left as it was.
        public static let newerFormat = Code(rawValue: "newerFormat")
        /// A write could not be made durable (disk full, a failing disk); the store holds what it held before.
        public static let writeFailed = Code(rawValue: "writeFailed")
        /// The store was closed, or ended by `removeAll()`: it writes nothing more.
        public static let ended = Code(rawValue: "ended")

        public var description: String { rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// The image's path.
    public var path: String
    /// What went wrong, in words.
    public var message: String
    /// What SQLite said, when SQLite failed.
    public var sqliteMessage: String?
    /// SQLite's (extended) result code, when SQLite failed.
    public var sqliteResultCode: Int32?
    /// The SQL SQLite was running, when SQLite failed.
    public var sql: String?

    /// An error about the image at `path`.
    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - path: the image's path.
    ///   - message: what went wrong, in words.
    ///   - sqliteMessage: what SQLite said, if it was SQLite that failed.
    ///   - sqliteResultCode: SQLite's result code, if it was SQLite that failed.
    ///   - sql: the SQL SQLite was running.
    public init(_ code: Code, path: String, _ message: String, sqliteMessage: String? = nil, sqliteResultCode: Int32? = nil, sql: String? = nil) {
        self.code = code
        self.path = path
        self.message = message
        self.sqliteMessage = sqliteMessage
        self.sqliteResultCode = sqliteResultCode
        self.sql = sql
    }

    init(_ code: Code, path: String, _ message: String, _ failure: SQLiteFailure) {
        self.init(code, path: path, message, sqliteMessage: failure.message, sqliteResultCode: failure.code, sql: failure.sql)
    }

    /// `PATH: message (SQLite: "its message", code N)`.
    public var description: String {
        var text = "\(path): \(message)"
        if let sqliteMessage {
            text += " (SQLite: \"\(sqliteMessage)\""
            if let sqliteResultCode { text += ", code \(sqliteResultCode)" }
            text += ")"
        }
        return text
    }
}

extension SQLiteStoreError {
    /// Whether SQLite failed because another connection held a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
    var isBusy: Bool {
        guard let code = sqliteResultCode else { return false }
        return code & 0xFF == 5 || code & 0xFF == 6
    }

    /// Runs `body`, giving what it throws as a store error: a store error unchanged, SQLite's
    /// failure with `code` and `message` and what SQLite said.
    static func mapping<Result>(_ code: Code, _ path: String, _ message: String, _ body: () throws -> Result) throws(SQLiteStoreError) -> Result {
        do {
            return try body()
        } catch let error as SQLiteStoreError {
            throw error
        } catch let failure as SQLiteFailure {
            throw SQLiteStoreError(code, path: path, message, failure)
        } catch {
            throw SQLiteStoreError(code, path: path, "\(message): \(error)")
        }
    }
}
