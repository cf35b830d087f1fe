import BatonCCurl
@_spi(Transport) import BatonCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection of the ``WebSocketEventLoop`` thread: connects through curl, performs the
/// handshake, then moves frames between the socket and the graphql-transport-ws state machine
/// until the connection ends. Everything here runs on that thread, and nothing blocks it: the
/// loop polls what ``pollRequests()`` names and calls ``handle(_:revents:)`` and ``step()``.
final class WebSocketSessionRunner {
    enum Phase {
        /// curl is connecting (and doing TLS, and the proxy's CONNECT).
        case connecting(WebSocketClientHandshake, deadline: ContinuousClock.Instant)
        case handshaking(WebSocketClientHandshake, deadline: ContinuousClock.Instant)
        case open
        /// A close frame was queued; waiting for the server's, or the deadline.
        case closing(deadline: ContinuousClock.Instant)
    }

    /// How long the server has to answer a close frame before the socket is closed anyway.
    static let closeGracePeriod = Duration.seconds(1)
    /// The longest single sleep in `poll`; deadlines wake it sooner.
    static let longestPoll = Duration.seconds(10)
    /// How long past the connect timeout the loop waits for curl to report its own timeout.
    static let connectGracePeriod = Duration.seconds(1)

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
    /// Pings after a quiet spell and the verdict on a peer that stopped answering, once open.
    var keepAlive: GraphQLTransportWSKeepAlive?
    /// Set when reading stopped with bytes left (its turn's reads were used up, or TLS holds
    /// more than `poll` shows): the loop must not sleep before reading again.
    var hasBufferedInput = false
    /// Set while an operation's buffer is full: the socket is not read (for any operation: they
    /// share it) until its consumer catches up, so the server's sending stalls instead of memory growing.
    var isReadingPaused = false
    /// Set when the connection is over; the loop closes it.
    var isFinished = false
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)

    init(session: WebSocketSession) {
        self.session = session
        configuration = session.configuration
        machine = GraphQLTransportWSStateMachine(parseOptions: configuration.options.parseOptions)
        decoder = WebSocketClientFrameDecoder(maximumMessageSize: configuration.options.maximumMessageSize)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// Starts connecting; a connection that cannot even start ends at once.
    func start() {
        do {
            let handshake = try configuration.handshake()
            socket = try CurlConnectOnlySocket(url: configuration.connectURL, options: configuration.curl)
            phase = .connecting(handshake, deadline: .now + configuration.curl.connectTimeout + Self.connectGracePeriod)
        } catch {
            end(with: error)
        }
    }

    /// One turn of the loop: takes queued commands, runs what is due and writes what is queued.
    func step() {
        guard !isFinished else { return }
        for command in session.takeCommands() { apply(command) }
        if case .connecting = phase, let due = socket?.timerDeadline, due <= .now {
            socket?.driveTimer()
            connectProgressed()
        }
        if hasBufferedInput { readAvailable() }
        checkDeadlines()
        flush()
    }

    /// The descriptors the loop polls for this connection, and for which events.
    func pollRequests() -> [(Int32, Int16)] {
        guard !isFinished, let socket else { return [] }
        if case .connecting = phase { return socket.connectingSockets.map { ($0.key, $0.value) } }
        let writing = outgoingOffset < outgoing.count
        let reading = !isReadingPaused
        return [(socket.descriptor, (reading ? Int16(POLLIN) : 0) | (writing ? Int16(POLLOUT) : 0))]
    }

    /// `poll` reported `revents` on `descriptor`, one of ``pollRequests()``.
    func handle(_ descriptor: Int32, revents: Int16) {
        guard !isFinished, let socket else { return }
        if case .connecting = phase {
            socket.drive(descriptor, revents: revents)
            connectProgressed()
            return
        }
        if revents & Int16(POLLIN) != 0 { readAvailable() }
        // Reported even while reading is paused: read to the end, or poll would report it forever.
        if revents & Int16(POLLERR | POLLHUP) != 0 { readAvailable(evenIfPaused: true) }
        if revents & Int16(POLLOUT) != 0 { flush() }
    }

    /// Sends the upgrade once curl has connected; ends the connection when curl gave up.
    private func connectProgressed() {
        guard case .connecting(let handshake, _) = phase, let socket else { return }
        switch socket.progress {
        case .connecting:
            break
        case .connected:
            enqueue(handshake.request)
            phase = .handshaking(handshake, deadline: .now + configuration.curl.connectTimeout)
            flush()
        case .failed(let error):
            end(with: error)
        }
    }

    /// Releases the socket and ends whatever is still queued; the loop calls it once, when
    /// ``isFinished`` is set.
    func close() {
        // Every exit stopped accepting already, so this only guards the invariant.
        failQueued(session.stopAccepting(), with: TransportError(statusCode: 0, body: "the WebSocket connection is closed"))
        socket = nil
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
            resumeReadingIfCaughtUp()
        case .resume:
            resumeReadingIfCaughtUp()
        }
    }

    /// Reads again once no operation's buffer is full. TLS may hold bytes `poll` does not show,
    /// so the next turn reads before it sleeps; and the server's answers to pings went unread
    /// meanwhile, so the keep-alive starts its quiet spell over.
    private func resumeReadingIfCaughtUp() {
        guard isReadingPaused, !operations.values.contains(where: { $0.buffer.isFull }) else { return }
        isReadingPaused = false
        hasBufferedInput = true
        keepAlive?.received(at: .now)
    }

    /// Performs the state machine's actions in order.
    func perform(_ actions: [GraphQLTransportWSStateMachine.Action]) {
        for action in actions {
            switch action {
            case .send(let text):
                enqueue(encoder.text(text))
            case .deliver(let id, let response):
                if operations[id]?.buffer.offer(response) == true { isReadingPaused = true }
            case .finish(let id, let error):
                guard let operation = operations.removeValue(forKey: id) else { continue }
                operation.buffer.finish(throwing: error)
                resumeReadingIfCaughtUp()
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
        for operation in operations.values { operation.buffer.finish(throwing: error) }
        operations = [:]
        isFinished = true
    }

    private func failQueued(_ commands: [WebSocketSession.Command], with error: any Error) {
        for command in commands {
            if case .start(let operation) = command { operation.buffer.finish(throwing: error) }
        }
    }

    // MARK: - Timers

    private func checkDeadlines() {
        let now = ContinuousClock.now
        if let deadline = acknowledgementDeadline, deadline <= now {
            acknowledgementDeadline = nil
            perform(machine.acknowledgementTimedOut())
        }
        let seconds = configuration.curl.connectTimeout
        switch phase {
        case .connecting(_, let deadline) where deadline <= now:
            end(with: TransportError(statusCode: 0, body: "the WebSocket connection could not be opened within \(seconds)"))
        case .handshaking(_, let deadline) where deadline <= now:
            end(with: TransportError(statusCode: 0, body: "the server did not answer the WebSocket handshake within \(seconds)"))
        case .closing(let deadline) where deadline <= now:
            isFinished = true
        case .open where !isReadingPaused:
            checkKeepAlive(at: now)
        default:
            break
        }
        guard !isFinished else { return }
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
    var nextDeadline: ContinuousClock.Instant {
        var deadline = ContinuousClock.now + Self.longestPoll
        // A paused reader hears nothing from the server, so its keep-alive waits too.
        for candidate in [acknowledgementDeadline, idleDeadline, isReadingPaused ? nil : keepAlive?.deadline] {
            if let candidate { deadline = min(deadline, candidate) }
        }
        switch phase {
        case .connecting(_, let until):
            deadline = min(deadline, until, socket?.timerDeadline ?? until)
        case .handshaking(_, let until), .closing(let until):
            deadline = min(deadline, until)
        case .open:
            break
        case nil:
            break
        }
        return deadline
    }

    /// Pings a quiet server, and ends the connection when it stopped answering.
    private func checkKeepAlive(at now: ContinuousClock.Instant) {
        guard var keepAlive, keepAlive.deadline <= now else { return }
        let action = keepAlive.check(at: now)
        self.keepAlive = keepAlive
        switch action {
        case .none:
            break
        case .send(let text):
            enqueue(encoder.text(text))
        case .peerUnresponsive(let error):
            end(with: error)
        }
    }
}
