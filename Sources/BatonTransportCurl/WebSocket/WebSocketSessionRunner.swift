import BatonCCurl
import BatonCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The I/O thread of a ``WebSocketSession``: connects through curl, performs the handshake, then
/// moves frames between the socket and the graphql-transport-ws state machine until the
/// connection ends. Everything here runs on that one thread.
final class WebSocketSessionRunner {
    enum Phase {
        case handshaking(WebSocketClientHandshake, deadline: ContinuousClock.Instant)
        case open
        /// A close frame was queued; waiting for the server's, or the deadline.
        case closing(deadline: ContinuousClock.Instant)
    }

    /// How long the server has to answer a close frame before the socket is closed anyway.
    static let closeGracePeriod = Duration.seconds(1)
    /// The longest single sleep in `poll`; deadlines wake it sooner.
    static let longestPoll = Duration.seconds(10)

    let session: WebSocketSession
    let configuration: WebSocketTransport.Configuration
    var machine: GraphQLTransportWSStateMachine
    /// Operations the thread has taken and not finished, by id.
    var operations: [String: WebSocketOperation] = [:]
    var socket: CurlConnectOnlySocket?
    var phase: Phase?
    var decoder: WebSocketClientFrameDecoder
    var encoder = WebSocketClientFrameEncoder(keys: SystemRandomNumberGenerator())
    /// Bytes queued for the socket; `outgoingOffset` of them are already sent.
    var outgoing: [UInt8] = []
    var outgoingOffset = 0
    var acknowledgementDeadline: ContinuousClock.Instant?
    var idleDeadline: ContinuousClock.Instant?
    /// Set when the thread should leave its loop.
    var isFinished = false
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)

    init(session: WebSocketSession, configuration: WebSocketTransport.Configuration) {
        self.session = session
        self.configuration = configuration
        machine = GraphQLTransportWSStateMachine(parseOptions: configuration.options.parseOptions)
        decoder = WebSocketClientFrameDecoder(maximumMessageSize: configuration.options.maximumMessageSize)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Runs the connection to its end, then releases the socket and the wakeup.
    func run() {
        defer {
            // Nothing may be queued once the wakeup is closed; every exit stopped accepting
            // already, so this only guards the invariant.
            failQueued(session.stopAccepting(), with: TransportError(statusCode: 0, body: "the WebSocket connection is closed"))
            socket = nil
            session.closeWakeup()
        }
        do {
            let handshake = try configuration.handshake()
            socket = try CurlConnectOnlySocket(url: configuration.connectURL, options: configuration.curl)
            enqueue(handshake.request)
            phase = .handshaking(handshake, deadline: .now + configuration.curl.connectTimeout)
        } catch {
            end(with: error)
            return
        }
        while !isFinished {
            for command in session.takeCommands() { apply(command) }
            checkDeadlines()
            flush()
            if isFinished { break }
            wait()
        }
    }

    // MARK: - Commands

    private func apply(_ command: WebSocketSession.Command) {
        switch command {
        case .start(let operation):
            operations[operation.id] = operation
            perform(machine.subscribe(id: operation.id, request: operation.request))
        case .cancel(let operation):
            guard operations[operation.id] != nil else { return }
            perform(machine.cancel(id: operation.id))
        }
    }

    /// Performs the state machine's actions in order.
    func perform(_ actions: [GraphQLTransportWSStateMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let text):
                enqueue(encoder.text(text))
            case .deliver(let id, let response):
                operations[id]?.continuation.yield(response)
            case .finish(let id, let error):
                guard let operation = operations.removeValue(forKey: id) else { continue }
                if let error { operation.continuation.finish(throwing: error) } else { operation.continuation.finish() }
            case .close(let code, let reason, let error):
                beginClosing(code: code, reason: reason, failingQueuedWith: error)
            }
        }
        if case .awaitingAcknowledgement = machine.phase, acknowledgementDeadline == nil {
            acknowledgementDeadline = .now + configuration.options.acknowledgementTimeout
        } else if machine.phase != .awaitingAcknowledgement {
            acknowledgementDeadline = nil
        }
    }

    // MARK: - Ending

    /// Queues a close frame and stops taking operations; the loop ends when the server answers
    /// or the grace period passes. Operations still queued fail with `error`.
    func beginClosing(code: UInt16, reason: String, failingQueuedWith error: any Error) {
        if case .closing = phase { return }
        failQueued(session.stopAccepting(), with: error)
        guard case .open = phase else {
            // No WebSocket yet: there is nobody to send a close frame to.
            isFinished = true
            return
        }
        enqueue(encoder.close(code: code, reason: reason))
        phase = .closing(deadline: .now + Self.closeGracePeriod)
    }

    /// Ends the connection at once: every operation, running or queued, fails with `error`.
    func end(with error: any Error) {
        perform(machine.ended(with: error))
        failQueued(session.stopAccepting(), with: error)
        for operation in operations.values { operation.continuation.finish(throwing: error) }
        operations = [:]
        isFinished = true
    }

    private func failQueued(_ commands: [WebSocketSession.Command], with error: any Error) {
        for command in commands {
            if case .start(let operation) = command { operation.continuation.finish(throwing: error) }
        }
    }

    // MARK: - Timers

    private func checkDeadlines() {
        let now = ContinuousClock.now
        if let deadline = acknowledgementDeadline, deadline <= now {
            acknowledgementDeadline = nil
            perform(machine.acknowledgementTimedOut())
        }
        switch phase {
        case .handshaking(_, let deadline) where deadline <= now:
            let seconds = configuration.curl.connectTimeout
            end(with: TransportError(statusCode: 0, body: "the server did not answer the WebSocket handshake within \(seconds)"))
        case .closing(let deadline) where deadline <= now:
            isFinished = true
        default:
            break
        }
        if machine.hasOperations || isFinished {
            idleDeadline = nil
        } else if let deadline = idleDeadline {
            if deadline <= now, session.stopAcceptingIfIdle() {
                beginClosing(code: WebSocketCloseCode.normal, reason: "", failingQueuedWith: CancellationError())
            }
        } else {
            idleDeadline = now + configuration.options.idleTimeout
        }
    }

    /// The earliest deadline the loop must wake for.
    private var nextDeadline: ContinuousClock.Instant {
        var deadline = ContinuousClock.now + Self.longestPoll
        for candidate in [acknowledgementDeadline, idleDeadline] { if let candidate { deadline = min(deadline, candidate) } }
        switch phase {
        case .handshaking(_, let until), .closing(let until): deadline = min(deadline, until)
        case .open, nil: break
        }
        return deadline
    }

    // MARK: - Waiting

    /// Sleeps in `poll` until the socket or the wakeup is ready or a deadline comes.
    private func wait() {
        guard let socket else { return }
        let writing = outgoingOffset < outgoing.count
        var descriptors = [
            pollfd(fd: socket.descriptor, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0),
            pollfd(fd: session.wakeup.read, events: Int16(POLLIN), revents: 0),
        ]
        let remaining = ContinuousClock.now.duration(to: nextDeadline)
        let timeout = remaining <= .zero ? 0 : Int32(clamping: remaining.curlMilliseconds)
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        guard ready > 0 else { return }
        if descriptors[1].revents != 0 { session.drainWakeups() }
        if descriptors[0].revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { readAvailable() }
    }
}
