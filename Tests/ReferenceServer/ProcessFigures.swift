import Foundation

/// What /proc says about this process: resident memory and open descriptors, for tests that a
/// stream or a load leaves the process as it found it.
public enum ProcessFigures {
    /// `VmRSS` of /proc/self/status in bytes: resident now (0 where there is no /proc).
    public static var residentBytes: Int { statusField("VmRSS") }

    /// `VmHWM` of /proc/self/status in bytes: the most resident since the process started.
    public static var residentHighWaterBytes: Int { statusField("VmHWM") }

    /// How many descriptors the process has open (the entries of /proc/self/fd, less the one
    /// the listing itself opens).
    public static var openDescriptors: Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.count ?? 1
        return max(0, entries - 1)
    }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
            return (Int(digits) ?? 0) * 1024
        }
        return 0
    }

    /// Runs `body` alone among the measuring tests of this process (other tests' memory and
    /// descriptors would blur the figures), sampling `VmRSS` every 5 ms on a thread of its own.
    /// - Returns: what `body` returned, and the highest `VmRSS` seen meanwhile.
    public static func measuringPeakResident<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> (T, Int) {
        try await MeasurementTurn.shared.run {
            let sampler = ResidentSampler()
            defer { sampler.stop() }
            let result = try await body()
            return (result, sampler.stop())
        }
    }
}

/// Samples `VmRSS` on a Dispatch thread, which a busy concurrency pool cannot starve.
private final class ResidentSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = ProcessFigures.residentBytes
    private var running = true
    private let done = DispatchSemaphore(value: 0)

    init() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let now = ProcessFigures.residentBytes
                lock.withLock { peak = max(peak, now) }
                usleep(5_000)
            }
            done.signal()
        }
    }

    /// Stops sampling (once; later calls only read) and returns the peak.
    @discardableResult
    func stop() -> Int {
        let wasRunning = lock.withLock {
            defer { running = false }
            return running
        }
        if wasRunning { done.wait() }
        let now = ProcessFigures.residentBytes
        return lock.withLock {
            peak = max(peak, now)
            return peak
        }
    }
}

/// One measuring test at a time, across every test target of the process.
private actor MeasurementTurn {
    static let shared = MeasurementTurn()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy = true
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
