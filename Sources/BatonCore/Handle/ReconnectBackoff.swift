/// How long a subscription waits before it reconnects: 1 s, doubling after each failed attempt
/// up to 30 s, each wait jittered to between half and all of it so that clients dropped together
/// do not come back together.
package struct ReconnectBackoff: Sendable {
    /// The first wait.
    package var initial: Duration = .seconds(1)
    /// The longest wait.
    package var maximum: Duration = .seconds(30)
    /// How many attempts failed in a row since the last success.
    package private(set) var attempts = 0

    package init(initial: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait before the next attempt, before jitter: `initial × 2^attempts`, at most `maximum`.
    package var ceiling: Duration {
        var wait = initial
        for _ in 0..<min(attempts, 32) {
            wait = wait * 2
            if wait >= maximum { return maximum }
        }
        return min(wait, maximum)
    }

    /// The jittered wait before the next attempt, and one more attempt counted.
    /// - Parameter unit: a random number in `0...1`.
    package mutating func nextWait(unit: Double) -> Duration {
        let ceiling = ceiling
        attempts += 1
        let fraction = 0.5 + 0.5 * min(max(unit, 0), 1)
        return ceiling * fraction
    }

    /// The jittered wait before the next attempt, with the system's random numbers.
    package mutating func nextWait() -> Duration {
        nextWait(unit: Double.random(in: 0...1))
    }

    /// A connection came up: the next drop starts again from ``initial``.
    package mutating func succeeded() {
        attempts = 0
    }
}
