import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A command run to its end, with the time it took and the most memory any one of its processes
/// held: the kernel's `ru_maxrss` for the child and the children it waited for (the Swift
/// driver's compiler jobs), as `/usr/bin/time -v` reports it.
struct ChildProcess {
    var seconds: Double
    var peakMegabytes: Double
    var exitStatus: Int32
    /// What the command wrote to stderr and stdout, for a failure's report.
    var output: String

    /// Runs `arguments` (the first an absolute path) and waits for it; its output goes to a log in
    /// `directory`.
    /// - Throws: ``BenchmarkFailure`` when it cannot be started.
    static func run(_ arguments: [String], in directory: URL) throws -> ChildProcess {
        let log = directory.appendingPathComponent("output.log")
        let clock = ContinuousClock()
        let start = clock.now
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else {
            throw BenchmarkFailure("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = start.duration(to: clock.now)
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        // Linux reports ru_maxrss in kilobytes.
        return ChildProcess(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            peakMegabytes: Double(usage.ru_maxrss) / 1024,
            exitStatus: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            output: output)
    }

    /// The first executable named `name` on `PATH`.
    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
