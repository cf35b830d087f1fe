import BatonCore
import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Python server as a child process: started, its `LISTENING <port>` line read, then kept.
///
/// The write end of the child's stdin stays open for the child's whole life; the server exits
/// when it reads end of file, so a test process that dies takes its servers with it.
final class ServerProcess: Sendable {
    /// How long the server may take to print its port.
    static let startTimeout: Double = 20

    /// The loopback port the server listens on.
    let port: Int
    /// The child's process id.
    let processIdentifier: Int32

    // Kept, never used again: the Process object and the pipe whose end keeps the server alive.
    private let kept: Locked<(Process, FileHandle)>

    private init(port: Int, process: Process, stdin: FileHandle) {
        self.port = port
        self.processIdentifier = process.processIdentifier
        self.kept = Locked((process, stdin))
    }

    /// Kills the server at once (SIGKILL), mid-response if it is in one.
    func kill() {
        #if canImport(Glibc)
            _ = Glibc.kill(processIdentifier, SIGKILL)
        #else
            _ = Darwin.kill(processIdentifier, SIGKILL)
        #endif
    }

    /// Starts `TestServer/server.py` from the repository at `root` on a free port.
    /// - Parameters:
    ///   - root: The repository root (holding `TestServer/`).
    ///   - arguments: More arguments for `server.py`, e.g. `--tls-cert` and `--tls-key`.
    /// - Throws: `ReferenceServerError` when the venv is missing, the process cannot start,
    ///   exits early or prints no port within ``startTimeout`` seconds (with its stderr).
    static func start(root: URL, arguments: [String] = []) async throws -> ServerProcess {
        let serverDirectory = root.appendingPathComponent("TestServer", isDirectory: true)
        let python = serverDirectory.appendingPathComponent(".venv/bin/python")
        let script = serverDirectory.appendingPathComponent("server.py")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw ReferenceServerError(
                "The reference server's Python environment is missing (\(python.path)): "
                    + "run `make server-venv` (or `TestServer/setup.sh`) in \(root.path)."
            )
        }

        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--port", "0"] + arguments
        process.currentDirectoryURL = serverDirectory
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        environment["PYTHONUNBUFFERED"] = "1"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ReferenceServerError("Could not start the reference server (\(python.path) \(script.path)): \(error)")
        }

        let log = OutputLog()
        log.drain(errors.fileHandleForReading)
        let pid = process.processIdentifier
        let port = try await readPort(from: output.fileHandleForReading, pid: pid, log: log)
        return ServerProcess(port: port, process: process, stdin: input.fileHandleForWriting)
    }

    /// Reads stdout up to the first line, expecting `LISTENING <port>`; afterwards keeps draining it.
    private static func readPort(from handle: FileHandle, pid: Int32, log: OutputLog) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let outcome = OneShot(continuation)
            let reader = Thread {
                var buffer = Data()
                while !buffer.contains(0x0A) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                }
                let line = String(decoding: buffer.prefix { $0 != 0x0A }, as: UTF8.self)
                let words = line.split(separator: " ")
                if words.count == 2, words[0] == "LISTENING", let port = Int(words[1]), port > 0 {
                    outcome.resume(returning: port)
                } else {
                    let said = line.isEmpty ? "nothing" : "\"\(line)\""
                    let stderr = log.text(waitingUpTo: 2)
                    outcome.resume(
                        throwing: ReferenceServerError(
                            "The reference server printed \(said) instead of LISTENING <port>. Its stderr:\n\(stderr)"
                        ))
                }
                // The server prints nothing more, but a full pipe must never block it.
                while !handle.availableData.isEmpty {}
            }
            reader.name = "reference-server-stdout"
            reader.start()
            DispatchQueue.global().asyncAfter(deadline: .now() + startTimeout) {
                let stderr = log.text(waitingUpTo: 0)
                let timedOut = outcome.resume(
                    throwing: ReferenceServerError(
                        "The reference server printed no LISTENING line within \(Int(startTimeout)) s. Its stderr:\n\(stderr)"
                    ))
                if timedOut {
                    #if canImport(Glibc)
                        _ = Glibc.kill(pid, SIGKILL)
                    #else
                        _ = Darwin.kill(pid, SIGKILL)
                    #endif
                }
            }
        }
    }
}

/// A continuation resumed once, by whichever of its racers comes first.
private final class OneShot: Sendable {
    private let continuation: Locked<CheckedContinuation<Int, any Error>?>

    init(_ continuation: CheckedContinuation<Int, any Error>) {
        self.continuation = Locked(continuation)
    }

    /// Resumes with `port` unless already resumed.
    @discardableResult
    func resume(returning port: Int) -> Bool {
        guard let continuation = continuation.withLock({ $0.take() }) else { return false }
        continuation.resume(returning: port)
        return true
    }

    /// Resumes with `error` unless already resumed; true when this call resumed it.
    @discardableResult
    func resume(throwing error: any Error) -> Bool {
        guard let continuation = continuation.withLock({ $0.take() }) else { return false }
        continuation.resume(throwing: error)
        return true
    }
}
