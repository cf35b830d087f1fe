import BatonCore
import ChildProcess
import Foundation

/// The servers running, killed (and their directories removed) when the test process exits, so
/// a server a suite keeps in a `static let` never outlives the tests.
private let running = Locked<[ObjectIdentifier: (pid: pid_t, directory: URL)]>([:])
private let stopsAtExit: Void = {
    atexit {
        for server in running.withLock({ $0.values }) {
            kill(server.pid, SIGKILL)
            try? FileManager.default.removeItem(at: server.directory)
        }
    }
}()

/// A `redis-server` of its own for a test: listening only on a Unix socket in a temporary
/// directory (no TCP port), with its append-only file there, written and synced at every write
/// (`appendfsync always`), so a kill -9 loses no write it acknowledged. Stopped (and its
/// directory removed) by ``stop()`` or when released.
public final class RedisTestServer: @unchecked Sendable {
    /// The directory holding the socket and the data.
    public let directory: URL
    /// The socket's path.
    public var socketPath: String { directory.appendingPathComponent("redis.sock").path }
    /// The store's URL for this server.
    public var url: String { "unix://" + socketPath }
    private var process: ChildProcess?

    public struct Unavailable: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts a server and waits until its socket answers.
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-redis-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try start()
    }

    /// Starts the server again on the same directory (after ``kill()``): it reads its
    /// append-only file back.
    public func start() throws {
        let executable = URL(fileURLWithPath: "/usr/bin/redis-server")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Unavailable(description: "redis-server is not installed (make test installs Debian's redis-server)")
        }
        try? FileManager.default.removeItem(atPath: socketPath)
        process = try ChildProcess(
            executable,
            [
                "--port", "0", "--unixsocket", socketPath, "--unixsocketperm", "700", "--dir", directory.path,
                "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--daemonize", "no", "--loglevel", "warning",
            ], mergingErrors: true)
        _ = stopsAtExit
        if let process { running.withLock { $0[ObjectIdentifier(self)] = (process.pid, directory) } }
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard Date() < deadline else { throw Unavailable(description: "redis-server did not open \(socketPath) within 10 s") }
            usleep(5_000)
        }
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    public func kill() {
        running.withLock { $0[ObjectIdentifier(self)] = nil }
        process?.kill(SIGKILL)
        _ = try? process?.wait(timeLimit: .seconds(10))
        process = nil
    }

    /// Stops the server and removes its directory.
    public func stop() {
        kill()
        try? FileManager.default.removeItem(at: directory)
    }

    deinit {
        stop()
    }
}
