import BatonCore

import class Foundation.Thread

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The image's change feed: what other processes (or other stores on the same file) write is
/// reported to the subscribers, so their environments re-read the handles that saw it.
///
/// While anyone is subscribed, a thread looks every ``changeFeedInterval`` whether the file
/// changed (SQLite's `PRAGMA data_version`, which moves when another connection commits), and if
/// so reads in what changed by the image's sequence numbers (each record and operation row
/// carries the `seq` of the write that last changed it) and reports those records and operations.
/// A removal elsewhere (an eviction, `removeAll()`) reloads the image and is reported as lost.
/// What a read or a write of this store catches up on first is reported the same way.
extension SQLiteStore: ChangeFeedStore {
    /// How often the feed looks whether another connection wrote the file.
    static let changeFeedInterval: Duration = .milliseconds(2)

    /// Starts reporting what other connections write to the image.
    /// - Parameter subscriber: called with each change, in order, on the feed's thread.
    /// - Returns: the subscription; the feed's thread stops once no one is subscribed.
    public func subscribeToChanges(_ subscriber: StoreChangeSubscriber) -> StoreChangeSubscription {
        let subscription = changeFeed.add(subscriber)
        let start = feedPolling.withLock { running -> Bool in
            defer { running = true }
            return !running
        }
        if start { startFeedThread() }
        return subscription
    }

    /// Queues for the subscribers what a catch-up read in.
    func report(_ caught: ImageWriter.CaughtUp) {
        switch caught {
        case .nothing: return
        case .changed(let records, let operations): changeFeed.enqueue(StoreChange(records: records, operations: operations))
        case .everything: changeFeed.enqueue(.lost)
        }
    }

    private func startFeedThread() {
        let thread = Thread { [weak self] in
            // The store is held only during each look, never across the sleep, so the thread
            // never keeps it alive.
            var seen: Int64?
            while Self.poll(self, seen: &seen) {
                Self.sleep(Self.changeFeedInterval)
            }
        }
        thread.name = "baton.image.feed"
        thread.start()
    }

    private static func poll(_ store: SQLiteStore?, seen: inout Int64?) -> Bool {
        store?.pollOnce(seen: &seen) ?? false
    }

    /// One look at the file. - Returns: whether to go on (someone is still subscribed).
    private func pollOnce(seen: inout Int64?) -> Bool {
        let goOn = feedPolling.withLock { running -> Bool in
            if changeFeed.isEmpty { running = false }
            return running
        }
        guard goOn else { return false }
        let version = watcher.withLock { connection in try? connection?.integer("PRAGMA data_version") }
        if let version, version != seen {
            seen = version
            catchUpIfAnotherWrote()
        }
        changeFeed.deliver()
        return true
    }

    private static func sleep(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        usleep(UInt32(seconds) * 1_000_000 + UInt32(attoseconds / 1_000_000_000_000))
    }
}
