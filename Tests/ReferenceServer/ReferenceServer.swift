import Foundation

/// The reference GraphQL server in `TestServer/`, started as a child process on a loopback port.
///
/// Tests that only talk to the server share one instance (``shared()``); tests that kill the
/// server start their own (``launch()``), and tests of TLS and HTTP/2 start one that serves
/// `https://` (``launch(tls:)``). Either exits when the test process ends, however it ends.
/// Routes and schema are described in `TestServer/README.md`.
public final class ReferenceServer: Sendable {
    /// The port on 127.0.0.1 the server listens on.
    public let port: Int
    /// The certificate the server presents, for a server started with ``launch(tls:)``; `nil` for plain HTTP.
    public let tls: TLS?

    private let process: ServerProcess

    init(process: ServerProcess, tls: TLS? = nil) {
        self.port = process.port
        self.process = process
        self.tls = tls
    }

    /// The server this test process shares, started on first use.
    ///
    /// Never ``terminate()`` it: other tests use it too.
    /// - Throws: `ReferenceServerError` when the server cannot start (the message says how to fix it);
    ///   every later call throws the same error.
    public static func shared() async throws -> ReferenceServer {
        try await SharedReferenceServer.instance.server()
    }

    /// Starts a private server, for a test that terminates it.
    ///
    /// - Throws: `ReferenceServerError` when the Python environment is missing (run `make server-venv`
    ///   or `TestServer/setup.sh`), or the server does not print its port within 20 seconds.
    public static func launch() async throws -> ReferenceServer {
        try await launch(root: repositoryRoot)
    }

    /// Starts a private server from the `TestServer/` folder under `root`.
    /// - Parameter root: A directory holding `TestServer/server.py` and `TestServer/.venv`.
    /// - Throws: `ReferenceServerError`, as ``launch()`` does.
    package static func launch(root: URL) async throws -> ReferenceServer {
        ReferenceServer(process: try await ServerProcess.start(root: root))
    }

    /// `http://127.0.0.1:PORT` (`https://` for a TLS server).
    public var baseURL: URL {
        URL(string: "\(scheme)://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    /// `http://127.0.0.1:PORT/graphql` (`https://` for a TLS server).
    public var graphqlURL: URL { url("/graphql") }

    /// `ws://127.0.0.1:PORT/graphql` (`wss://` for a TLS server).
    public var webSocketURL: URL {
        URL(string: "\(tls == nil ? "ws" : "wss")://127.0.0.1:\(port)/graphql") ?? baseURL
    }

    /// A URL on this server.
    /// - Parameter pathAndQuery: A path with an optional query, e.g. `"/status/500"` or `"/slow?ms=200"`.
    /// - Returns: The absolute URL; a path that is not valid URL text is percent-encoded instead.
    public func url(_ pathAndQuery: String) -> URL {
        let path = pathAndQuery.hasPrefix("/") ? pathAndQuery : "/" + pathAndQuery
        return URL(string: "\(scheme)://127.0.0.1:\(port)\(path)") ?? baseURL.appendingPathComponent(path)
    }

    private var scheme: String { tls == nil ? "http" : "https" }

    /// Kills the server at once (SIGKILL): whatever it was sending stops mid-stream.
    public func terminate() {
        process.kill()
    }

    /// A port on 127.0.0.1 that nothing listens on, for "connection refused" tests.
    public static func closedPort() -> Int {
        LoopbackPort.closed()
    }

    /// The repository root, three levels above this file (`Tests/ReferenceServer/ReferenceServer.swift`).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// Starts the shared server once per process; every caller awaits the same start.
private actor SharedReferenceServer {
    static let instance = SharedReferenceServer()

    private var starting: Task<ReferenceServer, any Error>?

    func server() async throws -> ReferenceServer {
        if let starting {
            return try await starting.value
        }
        let task = Task { try await ReferenceServer.launch() }
        starting = task
        return try await task.value
    }
}
