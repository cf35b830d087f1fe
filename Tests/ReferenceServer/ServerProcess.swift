import BatonCore
import ChildProcess
import Foundation

/// The Python server as a child process: started, its `LISTENING <port>` line read, then kept.
///
/// This process holds the child's stdin open for the child's whole life; the server exits
/// when it reads end of file, so a test process that dies takes its servers with it.
final class ServerProcess: Sendable {
    /// How long the server may take to print its port.
    static let startTimeout: Double = 20

    /// The loopback port the server listens on.
    let port: Int
    /// The child's process id.
    let processIdentifier: Int32
    private let child: ChildProcess

    private init(port: Int, child: ChildProcess) {
        self.port = port
        self.processIdentifier = child.pid
        self.child = child
    }

    /// Kills the server at once (SIGKILL), mid-response if it is in one.
    func kill() {
        child.kill()
        // Collected off this thread, so the killed server leaves no zombie behind.
        let child = child
        Thread.detachNewThread { _ = try? child.wait(timeLimit: .seconds(30)) }
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

        var environment = ProcessInfo.processInfo.environment
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        environment["PYTHONUNBUFFERED"] = "1"
        let child: ChildProcess
        do {
            child = try ChildProcess(
                python, [script.path, "--port", "0"] + arguments, environment: environment, directory: serverDirectory,
                keepingInputOpen: true)
        } catch {
            throw ReferenceServerError("Could not start the reference server (\(python.path) \(script.path)): \(error)")
        }
        let port = try await readPort(of: child)
        return ServerProcess(port: port, child: child)
    }

    /// Waits, on a thread of its own, for the child's first line, expecting `LISTENING <port>`.
    private static func readPort(of child: ChildProcess) async throws -> Int {
        try await withCheckedThrowingContinuation { continuation in
            let reader = Thread {
                let firstLine = child.firstLine(within: startTimeout)
                if let port = firstLine.flatMap(listeningPort(in:)) {
                    continuation.resume(returning: port)
                    return
                }
                let printed = firstLine != nil
                let line = firstLine ?? String(decoding: child.outputSoFar, as: UTF8.self)
                // Its end (or its kill, when it printed nothing in time) lets its stderr be read whole.
                if child.isRunning { child.kill() }
                let stderr = (try? child.wait(timeLimit: .seconds(5)))?.errorText ?? ""
                let said = line.isEmpty ? "nothing" : "\"\(line)\""
                let within = printed ? "" : " within \(Int(startTimeout)) s"
                continuation.resume(
                    throwing: ReferenceServerError(
                        "The reference server printed \(said) instead of LISTENING <port>\(within). Its stderr:\n\(stderr)"))
            }
            reader.name = "reference-server-stdout"
            reader.start()
        }
    }
}
