import BatonCore

extension SQLiteStore {
    /// How a ``SQLiteStore`` opens, keeps and limits its image.
    public struct Options: Sendable {
        /// What to do with a file that is not an image SQLite can read.
        public enum UnreadableImagePolicy: Sendable, Hashable {
            /// Throw ``SQLiteStoreError/Code/unreadableImage`` and leave the file as it is.
            case refuse
            /// Rename the file beside itself (`PATH.unreadable-<milliseconds since 1970>`, with
            /// its `-wal` and `-shm` files), start a fresh image at `PATH`, and report an
            /// ``Event/Kind/imageStartedAfresh(path:reason:movedTo:)`` event.
            case moveAsideAndStartFresh
        }

        /// When a write is stored in the image.
        public enum Durability: Sendable, Hashable {
            /// Each write is stored before ``SQLiteStore/write(_:)`` returns and before readers see it.
            case writeThrough
            /// A write is shown to readers at once and stored on another thread moments later,
            /// with the writes that came meanwhile in one transaction; ``SQLiteStore/flush()``
            /// waits until everything written is stored. A crash loses what was not yet stored.
            case writeBehind
        }

        /// The version of the app's schema (the generated schema digest, or any string the app
        /// chooses). An image made for another version starts afresh, keeping nothing.
        public var schemaVersion: String
        /// The most bytes the records may take in the image (IDs and encoded fields); past it,
        /// the records read or written the longest ago are evicted. 64 MiB by default.
        public var sizeLimit: Int
        /// The records eviction must keep, with every record they link to, directly or through
        /// others: the environment's retention names the records its retained operations reach.
        /// Asked each time the store evicts; none by default.
        public var protectedRoots: @Sendable () -> Set<RecordID>
        /// When a write is stored: before it returns (by default), or just after.
        public var durability: Durability
        /// What to do with a file that is not an image SQLite can read.
        public var unreadableImagePolicy: UnreadableImagePolicy
        /// Where the store reports that it started an image afresh.
        public var events: (any EventSink)?
        /// How long a write waits for another process's write to finish before it fails;
        /// 60 seconds by default.
        public var busyTimeout: Duration

        /// Options for an image.
        /// - Parameters:
        ///   - schemaVersion: the app's schema version; an image made for another starts afresh.
        ///   - sizeLimit: the most bytes records may take before the least recently used are evicted.
        ///   - protectedRoots: the records (and all they link to) eviction keeps.
        ///   - durability: when a write is stored.
        ///   - unreadableImagePolicy: refuse an unreadable file, or move it aside and start fresh.
        ///   - events: where the store reports starting afresh.
        ///   - busyTimeout: how long a write waits for another process's write.
        public init(
            schemaVersion: String = "",
            sizeLimit: Int = 64 << 20,
            protectedRoots: @escaping @Sendable () -> Set<RecordID> = { [] },
            durability: Durability = .writeThrough,
            unreadableImagePolicy: UnreadableImagePolicy = .refuse,
            events: (any EventSink)? = nil,
            busyTimeout: Duration = .seconds(60)
        ) {
            self.schemaVersion = schemaVersion
            self.sizeLimit = sizeLimit
            self.protectedRoots = protectedRoots
            self.durability = durability
            self.unreadableImagePolicy = unreadableImagePolicy
            self.events = events
            self.busyTimeout = busyTimeout
        }
    }
}
