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

/// The one thread every ``WebSocketTransport`` connection of the process runs on, started when a
/// connection opens and gone when the last one has closed.
///
/// One `poll` serves every connection: the sockets curl names while it connects (and does TLS),
/// each open WebSocket, and a wakeup for commands. Nothing on it blocks, so a server that
/// accepts and never answers delays only its own connection.
final class WebSocketEventLoop: Sendable {
    /// The loop of the process.
    static let shared = WebSocketEventLoop()

    private let current = Locked<WebSocketLoopThread?>(nil)

    /// Hands `session` to the running thread, or to a new one when none runs or it is ending.
    /// - Returns: `false` when no thread can be started (the process is out of descriptors).
    func run(_ session: WebSocketSession) -> Bool {
        current.withLock { current in
            if let thread = current, thread.adopt(session) { return true }
            current = WebSocketLoopThread(startingWith: session)
            return current != nil
        }
    }
}

/// One run of the loop's thread: it exits once it has no connection left and nothing arriving.
final class WebSocketLoopThread: Sendable {
    private struct Inbox {
        var arriving: [WebSocketSession] = []
        /// Set by the thread as it leaves; nothing is adopted after.
        var closed = false
    }

    /// The thread's name, as `top -H` and the tests see it.
    static let name = "baton-websocket"
    /// How many reads one connection gets per turn of the loop before the others have theirs.
    static let readsPerTurn = 16

    private let inbox = Locked(Inbox())
    private let wakeup: baton_wakeup

    /// Starts the thread with its first session, which keeps it from leaving before it begins.
    /// - Returns: `nil` when no wakeup descriptor can be made.
    init?(startingWith session: WebSocketSession) {
        var wakeup = baton_wakeup(read: -1, write: -1)
        guard baton_wakeup_create(&wakeup) == 0 else { return nil }
        self.wakeup = wakeup
        inbox.withLock { $0.arriving = [session] }
        session.adopted(by: self)
        let thread = Thread { [self] in
            ThreadName.set(Self.name)
            run()
        }
        thread.start()
    }

    /// Queues a session to connect.
    /// - Returns: `false` when the thread is leaving.
    func adopt(_ session: WebSocketSession) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.closed else { return false }
            inbox.arriving.append(session)
            session.adopted(by: self)
            baton_wakeup_signal(wakeup)
            return true
        }
    }

    /// Wakes the thread for a command; only while one of its sessions accepts commands, so the
    /// wakeup is still open.
    func wake() {
        baton_wakeup_signal(wakeup)
    }

    // MARK: - The thread

    private func run() {
        var runners: [WebSocketSessionRunner] = []
        while let arrived = takeArrivals(stillRunning: !runners.isEmpty) {
            for session in arrived {
                let runner = WebSocketSessionRunner(session: session)
                runner.start()
                runners.append(runner)
            }
            for runner in runners { runner.step() }
            runners.removeAll { runner in
                guard runner.isFinished else { return false }
                runner.close()
                return true
            }
            if runners.isEmpty { continue }
            wait(for: runners)
        }
        baton_wakeup_close(wakeup)
    }

    /// The sessions handed over since the last turn; `nil` when the thread should leave (no
    /// connection left and none arriving), after which nothing more is adopted.
    private func takeArrivals(stillRunning: Bool) -> [WebSocketSession]? {
        inbox.withLock { inbox in
            if inbox.arriving.isEmpty, !stillRunning {
                inbox.closed = true
                return nil
            }
            defer { inbox.arriving = [] }
            return inbox.arriving
        }
    }

    /// Sleeps in `poll` until a socket or the wakeup is ready or the earliest deadline comes,
    /// then lets each connection handle what is ready on its sockets.
    private func wait(for runners: [WebSocketSessionRunner]) {
        var descriptors = [pollfd(fd: wakeup.read, events: Int16(POLLIN), revents: 0)]
        var owners: [Int] = [-1]
        var deadline = ContinuousClock.now + WebSocketSessionRunner.longestPoll
        var hasBufferedInput = false
        for (index, runner) in runners.enumerated() {
            for (descriptor, events) in runner.pollRequests() {
                descriptors.append(pollfd(fd: descriptor, events: events, revents: 0))
                owners.append(index)
            }
            deadline = min(deadline, runner.nextDeadline)
            hasBufferedInput = hasBufferedInput || (runner.hasBufferedInput && !runner.isReadingPaused)
        }
        let remaining = ContinuousClock.now.duration(to: deadline)
        let timeout = hasBufferedInput || remaining <= .zero ? 0 : Int32(clamping: remaining.curlMilliseconds)
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        guard ready > 0 else { return }
        if descriptors[0].revents != 0 { baton_wakeup_drain(wakeup) }
        for (entry, owner) in zip(descriptors, owners) where owner >= 0 && entry.revents != 0 {
            runners[owner].handle(entry.fd, revents: entry.revents)
        }
    }
}
