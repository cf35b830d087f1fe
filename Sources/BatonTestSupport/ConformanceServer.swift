import BatonCore
import Foundation

/// An HTTP/1.1 server on 127.0.0.1, in this process, that answers every request the checks of
/// ``TransportConformance`` send, so a transport runs the whole suite with `swift test` alone.
///
/// It does not execute GraphQL: it knows each check's document (compared with runs of white
/// space collapsed) and answers as Baton's reference server (`TestServer/`) does, byte for byte,
/// including its timing (a `@defer` part 600 ms after the first, countdown ticks, a 10-second
/// field for cancellation) and its routes that fail on purpose (`/status/500`, `/not-json`,
/// `/truncated`, `/cut-multipart`). Any other document is answered with a request error that says
/// it needs a server that executes GraphQL: a transport that rewrites documents (adding fields,
/// sending persisted-query hashes) runs the suite against the reference server instead
/// (``TransportConformance/init(serverURL:timeLimit:statusCode:makeTransport:)``).
///
/// Subscriptions are served over `text/event-stream` (graphql-sse, distinct connections) and
/// incremental delivery over `multipart/mixed`; a transport that speaks WebSocket needs the
/// reference server.
///
/// ```swift
/// let server = try ConformanceServer()
/// defer { server.stop() }
/// let suite = TransportConformance(serverURL: server.baseURL) { MyTransport(endpoint: $0) }
/// ```
public final class ConformanceServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL

    private let server: LoopbackHTTPServer

    /// Binds a free port on 127.0.0.1 and starts answering.
    /// - Throws: an error naming the socket call that failed when no loopback port can be bound.
    public init() throws {
        let countdowns = ConformanceCountdowns()
        server = try LoopbackHTTPServer { request, connection in
            ConformanceAnswers(request: request, connection: connection, countdowns: countdowns).answer()
        }
        baseURL = URL(string: "http://127.0.0.1:\(server.port)") ?? URL(fileURLWithPath: "/")
    }

    /// The server this process shares, started on first use and never stopped.
    /// - Throws: the error of the first start, on every call, when it failed.
    public static func shared() throws -> ConformanceServer {
        try sharedServer.get()
    }

    private static let sharedServer = Result { try ConformanceServer() }

    /// Stops answering: ends every open connection (a streamed response stops mid-body), waits for
    /// the server's threads, and closes the port. Calling it again does nothing.
    public func stop() {
        server.stop()
    }
}

extension TransportConformance {
    /// The suite against this process's shared ``ConformanceServer``: nothing but Swift needed.
    /// - Parameters:
    ///   - timeLimit: how long one check may take.
    ///   - statusCode: reads the status from the transport's error for a non-2xx response;
    ///     the default reads ``TransportError/statusCode``.
    ///   - makeTransport: makes the transport under test for an endpoint.
    /// - Throws: the shared server's error when it cannot start (no loopback port).
    public init(
        timeLimit: Duration = .seconds(20),
        statusCode: @escaping StatusCodeReader = TransportConformance.transportErrorStatus,
        makeTransport: @escaping MakeTransport
    ) throws {
        self.init(
            serverURL: try ConformanceServer.shared().baseURL, timeLimit: timeLimit, statusCode: statusCode,
            makeTransport: makeTransport)
    }
}
