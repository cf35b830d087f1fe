/// One measured piece of work, held against baselines that do the same work another way.
///
/// `prepare` builds the inputs and the bodies; it runs only when the benchmark is selected, so a
/// filtered run does not pay for other benchmarks' inputs.
struct Benchmark {
    /// A stable name, `area.operation details` (e.g. `json.parse N=1000`).
    var name: String
    var prepare: () throws -> Prepared

    /// The bodies to time: Baton's, and each baseline's.
    struct Prepared {
        var subject: Job
        var baselines: [Job]
    }

    /// A body to time, with the name it is reported under, and what to do before each run
    /// without timing it (making an empty image to write into, say).
    struct Job {
        var name: String
        var setUp: (() throws -> Void)? = nil
        var body: () throws -> Void
    }
}

/// Keeps a value alive and opaque to the optimizer, so timed work is not optimized away.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}

/// A benchmark that could not run: its inputs failed the check made before timing.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
