import BatonCCurl
import BatonCore
import Foundation
import Synchronization

/// A multi handle pointer that may cross threads.
///
/// Only the loop thread calls into it, except `curl_multi_wakeup`, which libcurl documents as safe
/// from any thread; the lock in ``CurlLoopCore`` keeps wakeups from racing the final cleanup.
struct CurlMultiHandle: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer
}

/// The thread and the command queue behind a ``CurlEventLoop``.
final class CurlLoopCore: Sendable {
    private struct Inbox {
        var commands: [CurlLoopCommand] = []
        /// Set by ``stop(notifying:)``; the thread drains and exits.
        var stopping = false
        /// Set by the thread just before it frees the multi handle; nothing is queued after.
        var closed = false
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// How long the thread sleeps at most when nothing happens; curl's own timers wake it sooner.
    private static let idlePollMilliseconds: Int32 = 5_000

    private let inbox = Locked(Inbox())
    private let multi: CurlMultiHandle?
    /// New connections opened by finished transfers.
    let connectionsOpened = Atomic<Int>(0)

    init(name: String, configuration: CurlEventLoop.Configuration) {
        if CurlGlobal.ensureInitialized(), let pointer = curl_multi_init() {
            multi = CurlMultiHandle(pointer: pointer)
            Self.apply(configuration, to: pointer)
        } else {
            multi = nil
            inbox.withLock { $0.closed = true }
            return
        }
        let thread = Thread { [self] in
            ThreadName.set(name)
            run()
        }
        thread.start()
    }

    private static func apply(_ configuration: CurlEventLoop.Configuration, to multi: UnsafeMutableRawPointer) {
        _ = baton_curl_multi_setopt_long(
            multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(0, configuration.maximumConnectionsPerHost))
        _ = baton_curl_multi_setopt_long(
            multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(0, configuration.maximumTotalConnections))
        if let size = configuration.idleConnectionCacheSize {
            _ = baton_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(0, size))
        }
        // Multiplex HTTP/2 streams over one connection instead of opening more.
        _ = baton_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    /// Queues a command and wakes the thread.
    /// - Returns: `false` when the loop has stopped or is stopping.
    func submit(_ command: CurlLoopCommand) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.closed, !inbox.stopping, let multi else { return false }
            inbox.commands.append(command)
            curl_multi_wakeup(multi.pointer)
            return true
        }
    }

    /// Asks the thread to stop; resumes `waiter` once it has released everything.
    func stop(notifying waiter: CheckedContinuation<Void, Never>?) {
        let finished = inbox.withLock { inbox -> Bool in
            if inbox.closed { return true }
            if let waiter { inbox.stopWaiters.append(waiter) }
            if !inbox.stopping, let multi {
                inbox.stopping = true
                curl_multi_wakeup(multi.pointer)
            }
            return false
        }
        if finished { waiter?.resume() }
    }

    // MARK: - The loop thread

    private func run() {
        guard let multi = multi?.pointer else { return }
        var active: [UnsafeMutableRawPointer: any CurlLoopTransfer] = [:]
        var running: Int32 = 0
        while true {
            let (commands, stopping) = inbox.withLock { inbox in
                defer { inbox.commands.removeAll(keepingCapacity: true) }
                return (inbox.commands, inbox.stopping)
            }
            for command in commands { perform(command, multi: multi, active: &active) }
            if stopping { break }
            _ = curl_multi_perform(multi, &running)
            collectFinished(multi: multi, active: &active)
            // One wakeup per consumer per pass: a small response's head, body and end together.
            for transfer in active.values { transfer.deliver() }
            _ = curl_multi_poll(multi, nil, 0, Self.idlePollMilliseconds, nil)
        }
        close(multi: multi, active: &active)
    }

    private func perform(
        _ command: CurlLoopCommand,
        multi: UnsafeMutableRawPointer,
        active: inout [UnsafeMutableRawPointer: any CurlLoopTransfer]
    ) {
        switch command {
        case .start(let transfer):
            let code = curl_multi_add_handle(multi, transfer.easy)
            if code == CURLM_OK {
                active[transfer.easy] = transfer
            } else {
                transfer.abandoned(reason: "curl could not start the transfer: \(String(cString: curl_multi_strerror(code)))")
            }
        case .cancel(let transfer):
            guard active.removeValue(forKey: transfer.easy) != nil else { return }
            _ = curl_multi_remove_handle(multi, transfer.easy)
            countConnections(of: transfer)
            transfer.abandoned(reason: nil)
        case .resume(let transfer):
            // Unpausing may call the write callback at once, here on the loop thread.
            guard active[transfer.easy] != nil else { return }
            transfer.resumed()
        }
    }

    /// Hands every finished transfer its result (`curl_multi_info_read`).
    private func collectFinished(
        multi: UnsafeMutableRawPointer,
        active: inout [UnsafeMutableRawPointer: any CurlLoopTransfer]
    ) {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            // The message is freed by curl_multi_remove_handle; read it first.
            let result = message.pointee.data.result
            _ = curl_multi_remove_handle(multi, easy)
            guard let transfer = active.removeValue(forKey: easy) else { continue }
            countConnections(of: transfer)
            transfer.completed(result)
        }
    }

    private func countConnections(of transfer: any CurlLoopTransfer) {
        var connects = 0
        if baton_curl_easy_getinfo_long(transfer.easy, CURLINFO_NUM_CONNECTS, &connects) == CURLE_OK, connects > 0 {
            connectionsOpened.add(connects, ordering: .relaxed)
        }
    }

    /// Ends every transfer still known, frees the multi handle and wakes whoever waits for it.
    private func close(multi: UnsafeMutableRawPointer, active: inout [UnsafeMutableRawPointer: any CurlLoopTransfer]) {
        let (leftover, waiters) = inbox.withLock { inbox in
            inbox.closed = true
            defer {
                inbox.commands = []
                inbox.stopWaiters = []
            }
            return (inbox.commands, inbox.stopWaiters)
        }
        let reason = "the curl event loop has shut down"
        for command in leftover {
            if case .start(let transfer) = command { transfer.abandoned(reason: reason) }
        }
        for (easy, transfer) in active {
            _ = curl_multi_remove_handle(multi, easy)
            transfer.abandoned(reason: reason)
        }
        active.removeAll()
        _ = curl_multi_cleanup(multi)
        for waiter in waiters { waiter.resume() }
    }
}
