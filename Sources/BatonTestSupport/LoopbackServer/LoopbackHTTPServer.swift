import BatonCore
import Dispatch
import Foundation

/// A small HTTP/1.1 server on 127.0.0.1, in-process: one thread accepts, one thread serves each
/// connection with blocking reads and writes, and every response closes its connection.
///
/// It exists so the conformance suites need nothing but Swift: ``ConformanceServer`` answers the
/// checks' requests through it. ``stop()`` wakes every thread and returns when they have ended.
final class LoopbackHTTPServer: Sendable {
    /// Serves one request on its connection's thread.
    typealias Handler = @Sendable (LoopbackHTTPRequest, LoopbackHTTPConnection) -> Void

    /// The port on 127.0.0.1.
    let port: Int

    private let listener: LoopbackSocket
    private let handler: Handler
    private let state = Locked(State())
    private let threads = DispatchGroup()

    private struct State {
        var isStopping = false
        var isClosed = false
        var connections: Set<Int32> = []
    }

    /// Binds a port and starts accepting.
    /// - Parameter handler: answers each request.
    /// - Throws: ``LoopbackSocketError`` when no loopback port can be bound.
    init(handler: @escaping Handler) throws(LoopbackSocketError) {
        let (listener, port) = try LoopbackSocket.listenOnLoopback().get()
        self.listener = listener
        self.port = port
        self.handler = handler
        threads.enter()
        Thread.detachNewThread { [self] in
            acceptConnections()
            threads.leave()
        }
    }

    /// Whether ``stop()`` has been called.
    var isStopping: Bool { state.withLock { $0.isStopping } }

    /// Stops accepting, ends every connection (a streamed response stops mid-body), waits for the
    /// server's threads to end, and closes the port. Calling it again does nothing.
    func stop() {
        let connections = state.withLock { state -> Set<Int32> in
            state.isStopping = true
            return state.connections
        }
        for descriptor in connections { LoopbackSocket(descriptor: descriptor).shutDown() }
        listener.shutDown()
        _ = threads.wait(timeout: .now() + 5)
        let wasClosed = state.withLock { state -> Bool in
            defer { state.isClosed = true }
            return state.isClosed
        }
        if !wasClosed { listener.closeDescriptor() }
    }

    private func acceptConnections() {
        while !isStopping {
            switch listener.wait(milliseconds: 50) {
            case .timedOut: continue
            case .failed: return
            case .readable: break
            }
            guard let socket = listener.acceptConnection() else { continue }
            let admitted = state.withLock { state -> Bool in
                guard !state.isStopping else { return false }
                state.connections.insert(socket.descriptor)
                return true
            }
            guard admitted else {
                socket.closeDescriptor()
                return
            }
            threads.enter()
            Thread.detachNewThread { [self] in
                serve(socket)
                threads.leave()
            }
        }
    }

    private func serve(_ socket: LoopbackSocket) {
        let connection = LoopbackHTTPConnection(socket: socket, isStopping: { [state] in state.withLock { $0.isStopping } })
        var reader = LoopbackHTTPRequestReader(connection)
        do {
            let request = try reader.read()
            handler(request, connection)
        } catch {
            switch error {
            case .connectionEnded: break
            case .malformed(let what):
                connection.respond(status: 400, contentType: "text/plain; charset=utf-8", body: Array("cannot read the \(what)\n".utf8))
            }
        }
        // Unregistered before the close, so stop() never shuts down a descriptor reused since.
        state.withLock { _ = $0.connections.remove(socket.descriptor) }
        socket.shutDown()
        socket.closeDescriptor()
    }
}
