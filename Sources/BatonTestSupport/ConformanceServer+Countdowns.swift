import BatonCore

/// The reference server's countdown bookkeeping, which the subscription check reads back to see
/// that stopping a consumer stopped the server's stream: running and cancelled countdowns by tag.
final class ConformanceCountdowns: Sendable {
    private let counts = Locked(Counts())

    private struct Counts {
        var active: [String: Int] = [:]
        var cancelled: [String: Int] = [:]
    }

    /// A countdown with `tag` began.
    func started(_ tag: String) {
        counts.withLock { $0.active[tag, default: 0] += 1 }
    }

    /// A countdown with `tag` ended; `cancelled` when its client went away first.
    func ended(_ tag: String, cancelled: Bool) {
        counts.withLock { counts in
            counts.active[tag, default: 0] -= 1
            if cancelled { counts.cancelled[tag, default: 0] += 1 }
        }
    }

    /// How many countdowns with `tag` run, and how many were cancelled.
    func counts(_ tag: String) -> (active: Int, cancelled: Int) {
        counts.withLock { ($0.active[tag] ?? 0, $0.cancelled[tag] ?? 0) }
    }
}
