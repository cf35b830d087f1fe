import BatonCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program a test runs, started with `posix_spawn` and waited for with `waitpid`, within a
/// time limit.
///
/// Not `Foundation.Process`: on Linux its `waitUntilExit()` spins a run loop that must be told of
/// the child's end, and can wait forever for a child long gone; and its pipes, open in this
/// process without close-on-exec, leak into every child started beside them, so one test's read
/// waits for another test's child to end. Here the child gets only its three standard
/// descriptors, both its outputs are read at once (a full pipe never blocks it), and a child
/// still running at its limit is killed, so a hang fails its test instead of the whole run.
public final class ChildProcess: Sendable {
    /// What a finished child said.
    public struct Outcome: Sendable {
        /// Its exit status, or 128 plus the signal that ended it, as a shell reports it.
        public var status: Int32
        /// Its standard output; standard output and error when they were merged.
        public var standardOutput: Data
        /// Its standard error (empty when merged into standard output).
        public var standardError: Data

        /// Standard output as UTF-8 text.
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// A child that could not be started, or outlived its time limit and was killed.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The child's process ID.
    public let pid: pid_t
    private let command: String
    private let output: PipeReader
    private let errors: PipeReader?
    // `Locked`, not `Mutex`: ThreadSanitizer cannot see a `Mutex` wait, and reports what it guards.
    private let ended = Locked<Int32?>(nil)
    /// The write end of the child's standard input when it is kept open; -1 otherwise.
    private let input = Locked<Int32>(-1)

    /// Starts `executable` with `arguments`.
    /// - Parameters:
    ///   - environment: The child's whole environment; this process's when `nil`.
    ///   - directory: Its working directory; this process's when `nil`.
    ///   - mergingErrors: Whether standard error goes into ``Outcome/standardOutput``.
    ///   - keepingInputOpen: Whether its standard input is a pipe this process holds open until
    ///     ``closeInput()`` (a child that ends at end of input then ends with this process);
    ///     otherwise it reads `/dev/null`.
    /// - Throws: ``Failure`` when it cannot be started.
    public init(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        mergingErrors: Bool = false, keepingInputOpen: Bool = false
    ) throws {
        command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        var made: [Int32] = []
        var started = false
        // Every descriptor made here is closed if the child never starts.
        defer { if !started { for descriptor in made { close(descriptor) } } }
        let outputPipe = try Self.pipe(into: &made)
        let errorPipe = mergingErrors ? outputPipe : try Self.pipe(into: &made)
        let inputPipe = keepingInputOpen ? try Self.pipe(into: &made) : nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let inputPipe {
            posix_spawn_file_actions_adddup2(&actions, inputPipe.read, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, 2)
        #if canImport(Glibc)
            // Descriptors other code opened without close-on-exec stay out of the child too.
            _ = GNU.closeFrom?(&actions, 3)
            if let directory {
                guard let changeDirectory = GNU.changeDirectory else {
                    throw Failure(description: "this C library cannot start a child in another directory")
                }
                _ = changeDirectory(&actions, directory.path)
            }
        #else
            if let directory { posix_spawn_file_actions_addchdir_np(&actions, directory.path) }
        #endif
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let spawned = argv.withUnsafeBufferPointer { argv in
            if let envp {
                return envp.withUnsafeBufferPointer { envp in
                    posix_spawn(&pid, executable.path, &actions, &attributes, argv.baseAddress!, envp.baseAddress!)
                }
            }
            return posix_spawn(&pid, executable.path, &actions, &attributes, argv.baseAddress!, environ)
        }
        guard spawned == 0 else {
            throw Failure(description: "cannot start \(executable.path): \(String(cString: strerror(spawned)))")
        }
        started = true
        // The child holds its own ends now; this process keeps the others.
        close(outputPipe.write)
        if !mergingErrors { close(errorPipe.write) }
        if let inputPipe { close(inputPipe.read) }
        self.pid = pid
        if let inputPipe { input.withLock { $0 = inputPipe.write } }
        output = PipeReader(outputPipe.read)
        errors = mergingErrors ? nil : PipeReader(errorPipe.read)
    }

    /// A pipe whose ends close on exec, so no other child inherits them; both ends are added to `made`.
    private static func pipe(into made: inout [Int32]) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        #if canImport(Glibc)
            let result = GNU.pipe2(&ends, O_CLOEXEC)
        #else
            let result = Darwin.pipe(&ends)
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #endif
        guard result == 0 else { throw Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))") }
        made.append(contentsOf: ends)
        return (ends[0], ends[1])
    }

    /// Whether it has not ended yet.
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Sends it `signal` (by default SIGKILL), unless it has ended.
    public func kill(_ signal: Int32 = SIGKILL) {
        if isRunning { send(signal, to: pid) }
    }

    deinit {
        closeInput()
    }

    /// Closes this process's end of the child's standard input, if it was kept open.
    public func closeInput() {
        input.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// Its standard output so far.
    public var outputSoFar: Data { output.soFar }

    /// Its first line of standard output, without the newline, once it has printed one within
    /// `seconds`; `nil` when it has not (what it printed so far is in ``outputSoFar``).
    public func firstLine(within seconds: Double) -> String? {
        guard waitForLines(1, within: seconds) else { return nil }
        return String(decoding: output.soFar.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// Waits up to `seconds` until its standard output holds `count` newlines, or has ended.
    /// - Returns: whether it holds them.
    public func waitForLines(_ count: Int, within seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        repeat {
            let ended = output.hasEnded
            if output.soFar.count(where: { $0 == 0x0A }) >= count { return true }
            if ended { return false }
            usleep(500)
        } while Date() < end
        return false
    }

    /// Waits for it to end, blocking the calling thread; one still running after `timeLimit` is killed.
    /// - Throws: ``Failure`` when it was killed at its limit, with what it printed.
    public func wait(timeLimit: Duration = .seconds(300)) throws -> Outcome {
        let end = ContinuousClock.now + timeLimit
        while reap(blocking: false) == nil {
            if ContinuousClock.now >= end {
                send(SIGKILL, to: pid)
                _ = reap(blocking: true)
                let deadline = Self.outputDeadline()
                let printed = [output.finish(by: deadline), errors?.finish(by: deadline) ?? Data()].map {
                    String(decoding: $0, as: UTF8.self)
                }
                throw Failure(
                    description: "\(command) was still running after \(timeLimit) and was killed. It printed:\n"
                        + printed.joined(separator: "\n"))
            }
            usleep(2_000)
        }
        let deadline = Self.outputDeadline()
        return Outcome(
            status: reap(blocking: false) ?? -1, standardOutput: output.finish(by: deadline),
            standardError: errors?.finish(by: deadline) ?? Data())
    }

    /// How long after the child's end its pipes may stay open, held by a process it started,
    /// before the wait returns what they gave so far.
    private static func outputDeadline() -> DispatchTime { .now() + 5 }

    /// Its status once it has ended, collecting it the first time.
    private func reap(blocking: Bool) -> Int32? {
        ended.withLock { ended in
            if let ended { return ended }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, blocking ? 0 : WNOHANG) } while result < 0 && errno == EINTR
            guard result == pid else { return nil }
            let signal = status & 0x7f
            ended = signal == 0 ? (status >> 8) & 0xff : 128 + signal
            return ended
        }
    }

    /// Runs `executable` with `arguments` to its end, blocking the calling thread.
    /// - Throws: ``Failure`` when it cannot be started, or was killed at `timeLimit`.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        mergingErrors: Bool = false, timeLimit: Duration = .seconds(300)
    ) throws -> Outcome {
        try ChildProcess(
            executable, arguments, environment: environment, directory: directory, mergingErrors: mergingErrors
        ).wait(timeLimit: timeLimit)
    }

    /// ``run(_:_:environment:directory:mergingErrors:timeLimit:)`` on a thread of its own, so the
    /// wait holds no thread of the concurrency pool.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil, directory: URL? = nil,
        mergingErrors: Bool = false, timeLimit: Duration = .seconds(300)
    ) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Result {
                        try run(
                            executable, arguments, environment: environment, directory: directory,
                            mergingErrors: mergingErrors, timeLimit: timeLimit)
                    })
            }
            thread.name = "child-process"
            thread.start()
        }
    }
}

/// `kill(2)`, out of reach of ``ChildProcess/kill(_:)``'s name.
private func send(_ signal: Int32, to pid: pid_t) {
    _ = kill(pid, signal)
}
