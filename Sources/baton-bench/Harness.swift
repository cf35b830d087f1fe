/// Times bodies side by side: a warm-up of each, then passes that give every body a block of
/// runs in turn, until each has had its time budget and its minimum count.
///
/// Runs within a block are back to back, so each body is timed in its own steady state; taking
/// turns across passes means a burst of load from elsewhere on the machine falls on Baton and its
/// baselines alike, so the ratio between them holds even when the absolute figures wobble.
struct Harness {
    var warmUpSeconds: Double
    /// The time each body gets in total, over all passes.
    var budgetSeconds: Double
    var minimumIterations: Int
    var maximumIterations: Int
    var passes: Int

    static let standard = Harness(warmUpSeconds: 0.2, budgetSeconds: 1.5, minimumIterations: 9, maximumIterations: 3000, passes: 3)
    static let quick = Harness(warmUpSeconds: 0.05, budgetSeconds: 0.3, minimumIterations: 3, maximumIterations: 600, passes: 1)

    /// What one body measured, in milliseconds.
    struct Timing {
        var name: String
        var medianMilliseconds: Double
        var minimumMilliseconds: Double
        /// The 99th percentile, for rows that promise a tail (the change feed's latency).
        var p99Milliseconds: Double
        var iterations: Int
    }

    /// Times every job; the timings come back in the jobs' order.
    func measure(_ jobs: [Benchmark.Job]) throws -> [Timing] {
        let clock = ContinuousClock()
        for job in jobs {
            let warmUpEnd = clock.now.advanced(by: .seconds(warmUpSeconds))
            repeat {
                try job.setUp?()
                try job.body()
            } while clock.now < warmUpEnd
        }

        var samples = [[Double]](repeating: [], count: jobs.count)
        let blockMilliseconds = budgetSeconds * 1000 / Double(passes)
        let blockMinimum = (minimumIterations + passes - 1) / passes
        let blockMaximum = max(1, maximumIterations / passes)
        for _ in 0..<passes {
            for (index, job) in jobs.enumerated() {
                let start = clock.now
                var runs = 0
                while runs < blockMaximum {
                    try job.setUp?()
                    let before = clock.now
                    try job.body()
                    samples[index].append(Self.milliseconds(before.duration(to: clock.now)))
                    runs += 1
                    if runs >= blockMinimum && Self.milliseconds(start.duration(to: clock.now)) >= blockMilliseconds { break }
                }
            }
        }
        return zip(jobs, samples).map { job, samples in
            let sorted = samples.sorted()
            let middle = sorted.count / 2
            let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
            let p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
            return Timing(
                name: job.name, medianMilliseconds: median, minimumMilliseconds: sorted[0], p99Milliseconds: p99, iterations: sorted.count)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
