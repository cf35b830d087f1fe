import BatonCSQLite
import BatonCore
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies the write-ahead log into the image in the background, once the log passes a size, so
/// a write never waits for it (SQLite's own checkpoint would run inside the commit that crossed
/// the line, and sync the disk there). A checkpoint is also what syncs the log to disk: see the
/// durability promise on ``SQLiteStore``.
final class ImageCheckpointing: Sendable {
    /// The log's size past which a checkpoint starts.
    static let logLimit = 8 << 20

    private let path: String
    /// Its own connection, opened on first use; `true` in the flag while a checkpoint runs.
    private let connection = Locked<(connection: SQLiteConnection?, running: Bool)>((nil, false))

    init(path: String) {
        self.path = path
    }

    /// Starts a checkpoint on another thread when the log is past ``logLimit`` and none runs.
    func checkpointIfLogIsLarge() {
        var info = stat()
        guard stat(path + "-wal", &info) == 0, Int(info.st_size) > Self.logLimit else { return }
        let start = connection.withLock { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            return true
        }
        guard start else { return }
        DispatchQueue.global(qos: .utility).async { [self] in
            var opened = connection.withLock { $0.connection }
            if opened == nil {
                opened = try? SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
                opened?.setBusyTimeout(milliseconds: 1_000)
            }
            // PASSIVE: copies what no reader still needs and never waits for a writer; the log
            // starts over at its beginning with the first write after a checkpoint that copied all.
            try? opened?.execute("PRAGMA wal_checkpoint(PASSIVE)")
            connection.withLock { $0 = (opened, false) }
        }
    }
}
