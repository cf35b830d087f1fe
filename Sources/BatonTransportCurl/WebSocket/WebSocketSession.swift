import BatonCCurl
import BatonCore
import Foundation

/// One operation sent over a ``WebSocketSession``: what to send and where its payloads go.
final class WebSocketOperation: Sendable {
    /// The graphql-transport-ws id, unique within the transport.
    let id: String
    let request: GraphQLRequest
    /// Its payloads, bounded: while it is full, the connection's thread stops reading the socket.
    let buffer: WebSocketMessageBuffer
    /// The session it was handed to, so cancelling and resuming reach the right connection.
    let session = Locked<WebSocketSession?>(nil)

    init(id: String, request: GraphQLRequest) {
        self.id = id
        self.request = request
        // The buffer is made before the operation whose session it wakes; filled in below.
        let reference = OperationReference()
        buffer = WebSocketMessageBuffer {
            guard let operation = reference.operation else { return }
            _ = operation.session.withLock { $0 }?.submit(.resume)
        }
        reference.operation = self
    }

    /// The operation's payloads, pulled one at a time by the consumer. When the consumer stops
    /// iterating or its task is cancelled before the operation ended, `complete` is sent for it.
    func stream() -> AsyncThrowingStream<GraphQLResponse, any Error> {
        let consumer = WebSocketOperationConsumer(operation: self)
        return AsyncThrowingStream(unfolding: { try await consumer.next() })
    }

    /// Stops the operation on its connection (the consumer has gone).
    fileprivate func cancel() {
        _ = session.withLock { $0 }?.submit(.cancel(self))
    }
}

/// The operation a buffer's resume closure wakes the connection for: set once, in the
/// operation's initializer, before the buffer can call it.
private final class OperationReference: @unchecked Sendable {
    weak var operation: WebSocketOperation?
}

/// Holds the consumer's end of an operation; going away (the stream released) stops the operation.
private final class WebSocketOperationConsumer: Sendable {
    let operation: WebSocketOperation

    init(operation: WebSocketOperation) {
        self.operation = operation
    }

    deinit {
        if operation.buffer.close() { operation.cancel() }
    }

    /// The next payload; `nil` once the operation completed or the consumer's task was cancelled.
    func next() async throws -> GraphQLResponse? {
        do {
            return try await operation.buffer.next()
        } catch is CancellationError {
            if operation.buffer.close() { operation.cancel() }
            return nil
        }
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
        /// A consumer caught up: read the socket again.
        case resume
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
