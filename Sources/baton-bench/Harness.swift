/// Times a body: a warm-up, then repeated runs until a time budget and a minimum count are met.
struct Harness {
    var warmUpSeconds: Double
    var budgetSeconds: Double
    var minimumIterations: Int
    var maximumIterations: Int

    static let standard = Harness(warmUpSeconds: 0.3, budgetSeconds: 1.5, minimumIterations: 5, maximumIterations: 2000)
    static let quick = Harness(warmUpSeconds: 0.05, budgetSeconds: 0.3, minimumIterations: 3, maximumIterations: 500)

    /// What one body measured, in milliseconds.
    struct Timing {
        var name: String
        var medianMilliseconds: Double
        var minimumMilliseconds: Double
        var iterations: Int
    }

    func measure(_ job: Benchmark.Job) throws -> Timing {
        let clock = ContinuousClock()
        let warmUpEnd = clock.now.advanced(by: .seconds(warmUpSeconds))
        repeat { try job.body() } while clock.now < warmUpEnd

        var samples: [Double] = []
        let start = clock.now
        while samples.count < maximumIterations {
            let before = clock.now
            try job.body()
            samples.append(Self.milliseconds(before.duration(to: clock.now)))
            if samples.count >= minimumIterations && Self.milliseconds(start.duration(to: clock.now)) >= budgetSeconds * 1000 {
                break
            }
        }
        samples.sort()
        let middle = samples.count / 2
        let median = samples.count % 2 == 1 ? samples[middle] : (samples[middle - 1] + samples[middle]) / 2
        return Timing(name: job.name, medianMilliseconds: median, minimumMilliseconds: samples[0], iterations: samples.count)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }
}
