import BatonCCurl
import BatonCore
import Foundation

/// One operation sent over a ``WebSocketSession``: what to send and where its payloads go.
final class WebSocketOperation: Sendable {
    /// The graphql-transport-ws id, unique within the transport.
    let id: String
    let request: GraphQLRequest
    let continuation: AsyncThrowingStream<GraphQLResponse, any Error>.Continuation
    /// The session it was handed to, so cancelling reaches the right connection.
    let session = Locked<WebSocketSession?>(nil)

    init(id: String, request: GraphQLRequest, continuation: AsyncThrowingStream<GraphQLResponse, any Error>.Continuation) {
        self.id = id
        self.request = request
        self.continuation = continuation
    }
}

/// One WebSocket connection speaking graphql-transport-ws, with its own I/O thread.
///
/// Operations enter through a lock-protected queue and a wakeup descriptor (an eventfd on Linux,
/// a pipe elsewhere); the thread connects, runs every operation on the one connection, and ends
/// (closing its socket and its wakeup) when the
/// connection ends: lost, closed by the server, or idle after its last operation. A session that
/// has ended refuses new operations, and the transport opens another.
final class WebSocketSession: Sendable {
    enum Command: Sendable {
        case start(WebSocketOperation)
        case cancel(WebSocketOperation)
    }

    private struct Inbox {
        var commands: [Command] = []
        /// False once the thread decided to end; nothing is queued after.
        var accepting = true
    }

    private let inbox = Locked(Inbox())
    /// What the thread polls beside its socket; signalled under the inbox lock only while
    /// accepting, so it is never signalled after the thread closed it.
    let wakeup: baton_wakeup

    /// Starts the session's thread, which connects at once and then starts `operation`.
    ///
    /// The first operation is queued before the thread starts, so a connection that fails or
    /// goes idle at once still ends it with the connection's own error.
    /// - Returns: `nil` when no wakeup descriptor can be made (the process is out of descriptors).
    init?(configuration: WebSocketTransport.Configuration, startingWith operation: WebSocketOperation) {
        var wakeup = baton_wakeup(read: -1, write: -1)
        guard baton_wakeup_create(&wakeup) == 0 else { return nil }
        self.wakeup = wakeup
        inbox.withLock { $0.commands.append(.start(operation)) }
        operation.session.withLock { $0 = self }
        let thread = Thread { [self] in
            ThreadName.set("baton-websocket")
            WebSocketSessionRunner(session: self, configuration: configuration).run()
        }
        thread.start()
    }

    /// Queues a command for the thread.
    /// - Returns: `false` when the session has ended or is ending; start the operation elsewhere.
    func submit(_ command: Command) -> Bool {
        inbox.withLock { inbox in
            guard inbox.accepting else { return false }
            inbox.commands.append(command)
            baton_wakeup_signal(wakeup)
            return true
        }
    }

    // MARK: - For the thread

    /// The commands queued since the last call.
    func takeCommands() -> [Command] {
        inbox.withLock { inbox in
            defer { inbox.commands.removeAll(keepingCapacity: true) }
            return inbox.commands
        }
    }

    /// Stops accepting commands when none are queued, for a quiet close after the idle timeout.
    /// - Returns: whether the session stopped accepting.
    func stopAcceptingIfIdle() -> Bool {
        inbox.withLock { inbox in
            guard inbox.commands.isEmpty else { return false }
            inbox.accepting = false
            return true
        }
    }

    /// Stops accepting commands.
    /// - Returns: the commands queued before; the caller ends them.
    func stopAccepting() -> [Command] {
        inbox.withLock { inbox in
            inbox.accepting = false
            defer { inbox.commands = [] }
            return inbox.commands
        }
    }

    /// Clears the wakeups after the thread woke.
    func drainWakeups() {
        baton_wakeup_drain(wakeup)
    }

    /// Closes the wakeup's descriptors, once the thread stopped accepting.
    func closeWakeup() {
        baton_wakeup_close(wakeup)
    }
}
