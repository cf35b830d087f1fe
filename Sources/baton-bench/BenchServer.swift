import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The reference server of `TestServer/`, started once per run for the transport benchmarks, as
/// `scripts/demo.sh` starts it: `server.py --port 0`, its `LISTENING <port>` line read from stdout.
///
/// The write end of the server's stdin stays open for the whole run; the server exits when it
/// reads end of file, so it ends with this process however this process ends. Nothing in it
/// changes after it has started, hence `@unchecked Sendable` (`Process` is not `Sendable`).
final class BenchServer: @unchecked Sendable {
    /// The port on 127.0.0.1 the server listens on.
    let port: Int
    // Kept, never used again: the process and the pipe end that keeps the server alive.
    private let process: Process
    private let stdin: FileHandle

    private init(port: Int, process: Process, stdin: FileHandle) {
        self.port = port
        self.process = process
        self.stdin = stdin
    }

    /// A URL on the server, e.g. `/payload?n=1000`.
    func url(_ pathAndQuery: String) throws -> URL {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") else {
            throw BenchmarkFailure("not a URL path: \(pathAndQuery)")
        }
        return url
    }

    /// The server of this run, started on first use; every later call gets the same server or the
    /// same reason it could not start.
    /// - Throws: ``BenchmarkSkipped`` when the server cannot start (no venv, no port line).
    static func shared() throws -> BenchServer {
        try started.get()
    }

    private static let started: Result<BenchServer, BenchmarkSkipped> = Result { () throws(BenchmarkSkipped) in
        try start(root: repositoryRoot)
    }

    /// The repository root: three levels above this file (`Sources/baton-bench/BenchServer.swift`),
    /// or the working directory when the sources have moved since the build.
    private static var repositoryRoot: URL {
        let built = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: built.appendingPathComponent("TestServer/server.py").path) {
            return built
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }

    private static let startTimeoutMilliseconds: Int32 = 30_000

    private static func start(root: URL) throws(BenchmarkSkipped) -> BenchServer {
        let directory = root.appendingPathComponent("TestServer", isDirectory: true)
        let python = directory.appendingPathComponent(".venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw BenchmarkSkipped(
                "the reference server's Python environment is missing (\(python.path)); "
                    + "run `make server-venv` or `TestServer/setup.sh` to benchmark the transports"
            )
        }
        let errorLog = FileManager.default.temporaryDirectory
            .appendingPathComponent("baton-bench-server-\(getpid()).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        // The server keeps its descriptor; the name is needed only to show a failed start.
        defer { try? FileManager.default.removeItem(at: errorLog) }

        let process = Process()
        process.executableURL = python
        process.arguments = [directory.appendingPathComponent("server.py").path, "--port", "0"]
        process.currentDirectoryURL = directory
        // As the wire tests start it (Tests/ReferenceServer): no bytecode written into the
        // repository, output unbuffered.
        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        environment["PYTHONUNBUFFERED"] = "1"
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorLog.path)
        do {
            try process.run()
        } catch {
            throw BenchmarkSkipped("the reference server could not start (\(python.path)): \(error)")
        }
        let line = readLine(output.fileHandleForReading.fileDescriptor, timeoutMilliseconds: startTimeoutMilliseconds)
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "LISTENING", let port = Int(words[1]), port > 0 else {
            process.terminate()
            let stderr = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw BenchmarkSkipped(
                "the reference server printed \(line.isEmpty ? "nothing" : "\"\(line)\"") instead of LISTENING <port>; "
                    + "its stderr: \(stderr.suffix(2000))"
            )
        }
        return BenchServer(port: port, process: process, stdin: input.fileHandleForWriting)
    }

    /// The first line read from `descriptor`, without its newline; what came before end of file or
    /// the timeout when no whole line came.
    private static func readLine(_ descriptor: Int32, timeoutMilliseconds: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(timeoutMilliseconds)))
        while !bytes.contains(0x0A) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let ready = poll(&poller, 1, Int32(clamping: milliseconds))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }
}

/// A benchmark that cannot run in this environment (not a failure of the code it measures): the
/// run prints why and goes on with the other benchmarks.
struct BenchmarkSkipped: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
