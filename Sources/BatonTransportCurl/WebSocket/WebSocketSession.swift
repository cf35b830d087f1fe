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

/// One WebSocket connection speaking graphql-transport-ws, run by a ``WebSocketEventLoop`` thread.
///
/// Operations enter through a lock-protected queue and a wakeup of the thread; the thread
/// connects, runs every operation on the one connection, and ends it (closing its socket) when
/// the connection ends: lost, closed by the server, or idle after its last operation. A session
/// that has ended refuses new operations, and the transport opens another.
final class WebSocketSession: Sendable {
    enum Command: Sendable {
        case start(WebSocketOperation)
        case cancel(WebSocketOperation)
    }

    private struct Inbox {
        var commands: [Command] = []
        /// False once the thread decided to end; nothing is queued after.
        var accepting = true
        /// The thread that runs the session, woken for every command; `nil` until it adopts it.
        var thread: WebSocketLoopThread?
    }

    private let inbox = Locked(Inbox())
    let configuration: WebSocketTransport.Configuration

    /// A session whose first command starts `operation`; nothing runs until a loop thread adopts it.
    ///
    /// The first operation is queued before the thread sees the session, so a connection that
    /// fails or goes idle at once still ends it with the connection's own error.
    init(configuration: WebSocketTransport.Configuration, startingWith operation: WebSocketOperation) {
        self.configuration = configuration
        inbox.withLock { $0.commands.append(.start(operation)) }
        operation.session.withLock { $0 = self }
    }

    /// Queues a command for the thread.
    /// - Returns: `false` when the session has ended or is ending; start the operation elsewhere.
    func submit(_ command: Command) -> Bool {
        inbox.withLock { inbox in
            guard inbox.accepting else { return false }
            inbox.commands.append(command)
            // The thread lives while one of its sessions accepts, so its wakeup is still open.
            inbox.thread?.wake()
            return true
        }
    }

    // MARK: - For the thread

    /// The thread took the session over; commands wake it from now on.
    func adopted(by thread: WebSocketLoopThread) {
        inbox.withLock { $0.thread = thread }
    }

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
            inbox.thread = nil
            return true
        }
    }

    /// Stops accepting commands.
    /// - Returns: the commands queued before; the caller ends them.
    func stopAccepting() -> [Command] {
        inbox.withLock { inbox in
            inbox.accepting = false
            inbox.thread = nil
            defer { inbox.commands = [] }
            return inbox.commands
        }
    }
}
