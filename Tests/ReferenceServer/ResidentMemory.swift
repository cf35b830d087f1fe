import Foundation

/// The process's resident memory now, in bytes (/proc/self/statm; 0 where there is none).
public func residentBytes() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Runs `body` while sampling resident memory every 5 ms, for tests that a fetch stays within a
/// bound however much the server sends.
/// - Returns: what `body` returned, and how far above the starting level memory rose meanwhile.
public func peakResidentGrowth<T: Sendable>(_ body: @Sendable () async -> T) async -> (T, Int) {
    let baseline = residentBytes()
    let sampler = Task {
        var peak = baseline
        while !Task.isCancelled {
            peak = max(peak, residentBytes())
            try? await Task.sleep(for: .milliseconds(5))
        }
        return peak
    }
    let result = await body()
    sampler.cancel()
    let peak = max(await sampler.value, residentBytes())
    return (result, peak - baseline)
}

/// Whether this process runs under ThreadSanitizer, whose shadow memory counts as resident and
/// grows with every byte the program touches, so a bound on resident memory means nothing there.
public var isUnderThreadSanitizer: Bool {
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(process) }
    return dlsym(process, "__tsan_init") != nil
}
