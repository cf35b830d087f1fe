import BatonCSQLite
import BatonCore

import struct Foundation.Date

/// A ``Store`` kept in a SQLite file, "the image": records, the errors beside their fields, and
/// when each operation last fetched, with the errors kept on it, survive a relaunch.
///
/// Reads never go to disk: the image is loaded into memory when the store opens, and every read
/// is served from there. Writes are stored as write sets, one SQLite transaction each.
///
/// ## What a crash can lose, and what it cannot do
/// With ``Options/Durability/writeThrough`` (the default), a write is stored first and shown to
/// readers after, so a reader never sees a write the image does not hold:
/// - When ``write(_:)`` returns, the write is in the image's write-ahead log: a crash of the
///   process (a kill, a trap) loses nothing that was written, and a reopen finds every write that
///   returned.
/// - A crash of the operating system or a power cut can lose the writes of the last moments:
///   the image uses `synchronous = NORMAL` in WAL mode, which syncs the log to disk at each
///   checkpoint (in the background, each time the log passes 8 MiB, and when the last store on
///   the file closes) rather than at each commit. What it loses is always a run of the latest
///   writes, each whole.
///
/// With ``Options/Durability/writeBehind``, a write is shown to readers at once and stored on
/// another thread moments later; when ``flush()`` returns, every write made before it is stored
/// as above. A crash can lose the writes made since the last store or flush completed (usually
/// a few milliseconds' worth), each whole.
///
/// Either way:
/// - Nothing can leave half a write or a corrupt image: each stored write is one transaction, so
///   after any crash the image holds a write entirely or not at all.
/// - A write-through write that throws stored nothing; the store holds what it held before.
/// - Which records were read lately (for eviction) is stored with the next write or flush; a
///   crash can lose only that, which changes nothing but the order of eviction.
///
/// ## Processes and threads
/// Any number of threads may read and write at once: reads take a short lock on memory, and
/// writes go one at a time. Several processes (or several stores) may open one image: a write
/// waits for another process's write (up to ``Options/busyTimeout``, one minute by default)
/// rather than failing as "database is locked"; each write first reads what others wrote since,
/// so merges never lose their fields; and a read first looks whether another process wrote, and
/// if so reads what changed.
///
/// ## Files
/// The image is created readable and writable by its owner alone (0600); SQLite gives its
/// `-wal` and `-shm` files the same permissions. A file that is not an image is never changed
/// or deleted: opening it throws ``SQLiteStoreError/Code/unreadableImage``, or, with
/// ``Options/UnreadableImagePolicy/moveAsideAndStartFresh``, it is renamed beside itself and a
/// fresh image starts. An image of a newer format is refused and left as it is. An image made
/// for another ``Options/schemaVersion`` starts afresh, keeping nothing.
///
/// ```swift
/// let store = try SQLiteStore(path: "/var/lib/app/baton.image", options: .init(schemaVersion: "2026-12-01"))
/// ```
///
/// `docs/Image.md` describes the file's format, eviction, and `baton image`.
public final class SQLiteStore: Store {
    /// The image's path.
    public let path: String
    /// How the store opened and keeps its image.
    public let options: Options

    /// The writing connection; `nil` once the store is closed or ended.
    let writer: Locked<ImageWriter?>
    /// What the image holds, in memory.
    let state: Locked<ImageState>
    /// A second connection, for reads to look whether another process wrote without waiting
    /// for this store's own write in progress.
    let watcher: Locked<SQLiteConnection?>
    /// Copies the log into the image in the background.
    let checkpointing: ImageCheckpointing
    /// With write-behind: whether a flush is waiting to start.
    let flushScheduled = Locked(false)
    /// Who is told what other connections wrote, and what waits for them.
    let changeFeed = ChangeFeedSubscribers()
    /// Whether the change feed's thread runs.
    let feedPolling = Locked(false)

    /// Opens the image at `path`, creating it when there is no file there.
    /// - Parameters:
    ///   - path: the image's file.
    ///   - options: the app's schema version, the size limit, the unreadable-image policy.
    /// - Throws: ``SQLiteStoreError`` with code `unreadableImage` (naming the path and what
    ///   SQLite said) or `newerFormat`; the file is then left as it was.
    public init(path: String, options: Options = Options()) throws(SQLiteStoreError) {
        self.path = path
        self.options = options
        let opened = try ImageOpening.open(path, options)
        writer = Locked(opened.writer)
        state = Locked(opened.state)
        watcher = Locked(try? SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE))
        checkpointing = ImageCheckpointing(path: path)
    }

    /// Reads the records named in `read` from memory; records the image does not hold are absent.
    ///
    /// When another process wrote the image since, what it changed is read in first.
    /// - Parameter read: the records wanted.
    /// - Returns: each record held, by ID, exactly as written and merged.
    public func read(_ read: StoreRead) -> [RecordID: StoreRecord] {
        catchUpIfAnotherWrote()
        return state.withLock { $0.read(read.ids) }
    }

    /// Stores `write` in one transaction, then shows it to readers, and reports which records changed.
    ///
    /// When the records then take more than ``Options/sizeLimit``, the least recently used
    /// are evicted in a second transaction, and reported as changed too.
    /// - Parameter write: the deletions, records and operations to apply.
    /// - Returns: the records whose content changed.
    /// - Throws: ``SQLiteStoreError`` with code `writeFailed` (the store then holds what it held
    ///   before) or `ended`.
    @discardableResult
    public func write(_ write: StoreWrite) throws(SQLiteStoreError) -> StoreWriteResult {
        var changed = try apply { _ in write }
        if state.withLock({ $0.recordBytes }) > options.sizeLimit {
            changed.formUnion(try evict())
        }
        checkpointing.checkpointIfLogIsLarge()
        return StoreWriteResult(changed: changed)
    }

    /// When the operation with these variables last fetched and the errors kept on it, from memory.
    /// - Parameter operation: the operation and its variables.
    public func operation(_ operation: OperationKey) -> OperationRecord? {
        catchUpIfAnotherWrote()
        return state.withLock { $0.operations[operation] }
    }

    /// Applies the write `make` returns for the state as it is once this store holds the
    /// image's write lock and has read what others wrote.
    /// - Returns: the records that changed.
    func apply(_ make: (ImageState) -> StoreWrite) throws(SQLiteStoreError) -> Set<RecordID> {
        switch options.durability {
        case .writeThrough: return try applyThrough(make)
        case .writeBehind: return try stage(make)
        }
    }

    /// Stores the write `make` returns in one transaction, then shows it to readers.
    func applyThrough(_ make: (ImageState) -> StoreWrite) throws(SQLiteStoreError) -> Set<RecordID> {
        try writer.withLock { (writer: inout ImageWriter?) throws(SQLiteStoreError) -> Set<RecordID> in
            guard writer != nil else { throw SQLiteStoreError(.ended, path: path, "the store was closed or ended; it writes nothing more") }
            let stored = try writer!.transaction { (writer: inout ImageWriter) throws(SQLiteStoreError) -> StoredWrite? in
                try self.store(make, with: &writer)
            }
            // Committed: only now do readers see it. The writer lock is still held, so no other
            // write or catch-up comes between the commit and this.
            guard var stored else { return [] }
            state.withLock { $0.publish(&stored.plan, rows: stored.rows, stamp: stored.stamp, seq: stored.seq, eraseSeq: stored.eraseSeq) }
            return stored.plan.changed
        }
    }

    /// Inside the write transaction: catches up with other writers, plans the write against
    /// memory, and stores it with the use stamps of records read since the last write.
    /// - Returns: the stored write, or `nil` when there was nothing to store.
    private func store(_ make: (ImageState) -> StoreWrite, with writer: inout ImageWriter) throws(SQLiteStoreError) -> StoredWrite? {
        report(try writer.catchUp(state))
        let planned = state.withLock { held -> StoredWrite in
            let plan = held.plan(make(held))
            held.clock += 1
            let seq = held.seq + 1
            return StoredWrite(plan: plan, rows: [], stamp: held.clock, seq: seq, eraseSeq: plan.removals.isEmpty ? held.eraseSeq : seq)
        }
        let touchedIDs = state.withLock { held -> [RecordID] in
            defer { held.touched.removeAll() }
            return held.touched
        }
        let touched = state.withLock { held in touchedIDs.compactMap { held.entries[$0].map { (row: $0.row, used: $0.used) } } }
        guard !planned.plan.isEmpty || !touched.isEmpty else { return nil }
        var stored = planned
        do {
            stored.rows = try writer.persist(planned.plan, seq: planned.seq, eraseSeq: planned.eraseSeq, stamp: planned.stamp, touched: touched)
        } catch {
            // The stamps were not stored; the next write stores them.
            state.withLock { $0.touched += touchedIDs }
            throw error
        }
        return stored
    }

    deinit {
        // A write-behind store let go of with writes its last flush could not store tries once more.
        if options.durability == .writeBehind { try? storePending() }
    }

    /// Reads in what another process wrote, when the image's marks say one did. A failure here
    /// is not a read's failure (memory still holds a whole image), so it is left for the next write.
    func catchUpIfAnotherWrote() {
        let marks = watcher.withLock { connection -> (Int64, Int64)? in
            guard let connection else { return nil }
            return try? ImageWriter.marks(on: connection)
        }
        guard let marks, marks != state.withLock({ ($0.seq, $0.eraseSeq) }) else { return }
        writer.withLock { writer in
            guard let writer else { return }
            try? writer.connection.execute("BEGIN")
            defer { try? writer.connection.execute("COMMIT") }
            if let caught = try? writer.catchUp(state) { report(caught) }
        }
    }
}

/// A write that is in the image, ready to be shown to readers.
struct StoredWrite {
    var plan: WritePlan
    var rows: [StoredRow]
    var stamp: Int64
    var seq: Int64
    var eraseSeq: Int64
}
