import BatonCSQLite

/// What SQLite said when a call failed: its result code and message, and the SQL it was running.
struct SQLiteFailure: Error {
    var code: Int32
    var message: String
    var sql: String?
}

/// One SQLite connection and the statements prepared on it, each prepared once and reused.
///
/// Not safe to use from two threads at once: its owner keeps it behind a lock (`Locked`), which
/// is why it is opened with `SQLITE_OPEN_NOMUTEX`.
final class SQLiteConnection {
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens `path` with the `sqlite3_open_v2` `flags` given.
    /// - Throws: ``SQLiteFailure`` when SQLite cannot open the file.
    init(path: String, flags: Int32) throws(SQLiteFailure) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteFailure(code: code, message: message, sql: nil)
        }
        self.path = path
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { statement.finalize() }
        sqlite3_close_v2(handle)
    }

    /// How long a call waits for another connection's lock before SQLite reports it busy.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs SQL that returns no rows, one or more statements.
    /// - Throws: ``SQLiteFailure`` with SQLite's message.
    func execute(_ sql: String) throws(SQLiteFailure) {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &error)
        if code != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw SQLiteFailure(code: code, message: message, sql: sql)
        }
    }

    /// The statement for `sql`, prepared on first use and reset for this one (unless `fresh` is
    /// false: a caller that resets it after each use and binds every parameter need not pay again).
    /// - Throws: ``SQLiteFailure`` when SQLite cannot prepare it (a corrupt schema, say).
    func statement(_ sql: String, fresh: Bool = true) throws(SQLiteFailure) -> SQLiteStatement {
        if let cached = statements[sql] {
            if fresh { cached.reset() }
            return cached
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw failure(code, sql) }
        let statement = SQLiteStatement(prepared, connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// The one integer the query `sql` returns, or `nil` when it returns no row.
    func integer(_ sql: String) throws(SQLiteFailure) -> Int64? {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try statement.step() ? statement.integer(0) : nil
    }

    /// The one text the query `sql` returns, or `nil` when it returns no row or NULL.
    func text(_ sql: String) throws(SQLiteFailure) -> String? {
        let statement = try statement(sql)
        defer { statement.reset() }
        guard try statement.step(), !statement.isNull(0) else { return nil }
        return statement.text(0)
    }

    /// The row number of the last row inserted on this connection.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether the connection is inside a transaction.
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// The failure SQLite reports now for a call that returned `code`.
    func failure(_ code: Int32, _ sql: String?) -> SQLiteFailure {
        SQLiteFailure(code: code, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}

/// A prepared statement: bind, step, read columns, reset.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    func finalize() { sqlite3_finalize(handle) }

    /// Ends the statement's run so that it holds no lock, and clears its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds bytes SQLite reads in place: they must stay valid until the statement is stepped.
    /// Ends the statement's run, keeping its bindings: for a caller that binds every parameter again.
    func resetKeepingBindings() {
        sqlite3_reset(handle)
    }

    func bind(_ index: Int32, bytes: UnsafeRawBufferPointer) {
        if let base = bytes.baseAddress, !bytes.isEmpty {
            sqlite3_bind_blob(handle, index, base, Int32(bytes.count), nil)
        } else {
            sqlite3_bind_zeroblob(handle, index, 0)
        }
    }

    /// Binds a copy of `text`'s UTF-8 as a blob, so that NUL characters and any bytes survive.
    func bind(_ index: Int32, utf8 text: String) {
        var text = text
        _ = text.withUTF8 { buffer in
            if let base = buffer.baseAddress, !buffer.isEmpty {
                sqlite3_bind_blob(handle, index, base, Int32(buffer.count), baton_sqlite_transient())
            } else {
                sqlite3_bind_zeroblob(handle, index, 0)
            }
        }
    }

    func bind(_ index: Int32, integer: Int64) {
        sqlite3_bind_int64(handle, index, integer)
    }

    func bindNull(_ index: Int32) {
        sqlite3_bind_null(handle, index)
    }

    /// Runs the statement to its next row.
    /// - Returns: `true` for a row, `false` when it is done.
    /// - Throws: ``SQLiteFailure`` with SQLite's message.
    @discardableResult
    func step() throws(SQLiteFailure) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let failure = connection.failure(code, sql)
            sqlite3_reset(handle)
            throw failure
        }
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// The column's bytes, valid until the next step or reset.
    func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
        let base = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let base, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base, count: count)
    }

    /// The column's bytes as text, invalid UTF-8 repaired.
    func text(_ column: Int32) -> String {
        let bytes = bytes(column)
        return String(decoding: bytes.bindMemory(to: UInt8.self), as: UTF8.self)
    }
}

// A connection is not safe to share on its own (it is opened with SQLITE_OPEN_NOMUTEX); it is
// Sendable so that a `Locked` can hold it, which is how every owner that shares it between
// threads keeps it (SQLiteStore's writer and watcher), so one thread at a time uses it.
extension SQLiteConnection: @unchecked Sendable {}
