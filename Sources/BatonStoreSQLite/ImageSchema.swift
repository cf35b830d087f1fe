/// The image's tables and the migrations between format versions. The format version is
/// SQLite's `PRAGMA user_version`; each migration takes an image from the version before it.
enum ImageSchema {
    /// The format version this build writes.
    static var currentVersion: Int64 { Int64(migrations.count) }

    /// Migration `n` (0-based) takes an image of version `n` to `n + 1`, in one transaction.
    ///
    /// Version 1:
    /// - `image`: one row; the app's schema version the records were made for, the sequence
    ///   number of the last write (`seq`) and of the last write that removed records (`erase_seq`),
    ///   which other processes compare to find what changed.
    /// - `records`: one row per record; its row number (which the store keeps in memory, so it
    ///   updates and deletes by it and new rows append), its ID as UTF-8 bytes, the sequence
    ///   number of the write that last changed it, when it was last used (a logical clock, for
    ///   eviction), and its typename and fields in the format of ``RecordEncoder``. No index on
    ///   the ID: reads come from memory, and every writer first reads what others wrote, inside
    ///   its transaction, so it knows each ID's row.
    /// - `operations`: one row per operation and variables: the fetch time in milliseconds since
    ///   1970 (NULL when none was written), and the errors kept on it.
    ///
    /// Version 2:
    /// - `operations.invalidated_ms`: when the operation was last invalidated, in milliseconds
    ///   since 1970 (NULL when never), so an invalidation outlives a relaunch.
    static let migrations: [String] = [
        """
        CREATE TABLE image (
            only INTEGER PRIMARY KEY CHECK (only = 1),
            schema TEXT NOT NULL,
            seq INTEGER NOT NULL,
            erase_seq INTEGER NOT NULL
        );
        INSERT INTO image (only, schema, seq, erase_seq) VALUES (1, '', 0, 0);
        CREATE TABLE records (
            row INTEGER PRIMARY KEY,
            id BLOB NOT NULL,
            seq INTEGER NOT NULL,
            used INTEGER NOT NULL,
            body BLOB NOT NULL
        );
        CREATE TABLE operations (
            operation_id BLOB NOT NULL,
            variables BLOB NOT NULL,
            seq INTEGER NOT NULL,
            fetched_ms INTEGER,
            errors BLOB NOT NULL,
            PRIMARY KEY (operation_id, variables)
        ) WITHOUT ROWID;
        """,
        """
        ALTER TABLE operations ADD COLUMN invalidated_ms INTEGER;
        """,
    ]

    /// The tables every image (of version 1 or later) has; a database of version 0 with any table is another
    /// program's, never an image to migrate.
    static let tables: Set<String> = ["image", "records", "operations"]

    static let insertRecord = "INSERT INTO records (id, seq, used, body) VALUES (?1, ?2, ?3, ?4)"
    static let updateRecord = "UPDATE records SET seq = ?2, used = ?3, body = ?4 WHERE row = ?1"
    /// By row and ID: with write-behind, a row noted before another process's removal may since
    /// hold another record.
    static let deleteRecord = "DELETE FROM records WHERE row = ?1 AND id = ?2"
    static let touchRecord = "UPDATE records SET used = ?2 WHERE row = ?1"
    static let allRecords = "SELECT row, id, used, body FROM records"
    static let recordsAfter = "SELECT row, id, used, body FROM records WHERE seq > ?1"
    static let upsertOperation =
        "INSERT OR REPLACE INTO operations (operation_id, variables, seq, fetched_ms, errors, invalidated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
    static let allOperations = "SELECT operation_id, variables, fetched_ms, errors, invalidated_ms FROM operations"
    static let operationsAfter = "SELECT operation_id, variables, fetched_ms, errors, invalidated_ms FROM operations WHERE seq > ?1"
    /// Every operation of an image of format `version`, read without migrating it (`baton image
    /// dump`): a version-1 image has no invalidation times.
    static func allOperations(formatVersion version: Int64) -> String {
        version >= 2 ? allOperations : "SELECT operation_id, variables, fetched_ms, errors, NULL FROM operations"
    }
    static let readMarks = "SELECT seq, erase_seq FROM image"
    static let writeMarks = "UPDATE image SET seq = ?1, erase_seq = ?2"
}
