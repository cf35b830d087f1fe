import BatonCCurl
import Synchronization

/// One thread driving one libcurl multi handle: every transfer made through the loop runs on it.
///
/// All transfers share the multi handle's connection cache, so connections are reused across
/// requests and across every transport made from the same loop, and HTTP/2 connections are
/// multiplexed. Requests enter through a lock-protected queue and a `curl_multi_wakeup`; the
/// thread sleeps in `curl_multi_poll` and never blocks a Swift concurrency thread.
///
/// Use ``shared`` unless you need separate connection pools or limits; a loop you make yourself
/// stops when the last reference to it goes away, or when you call ``shutdown()``.
public final class CurlEventLoop: Sendable {
    /// Limits applied to the loop's multi handle.
    public struct Configuration: Sendable, Hashable {
        /// The most connections open to one host at once; 0 for no limit. Transfers beyond it wait
        /// for a connection to free up (`CURLMOPT_MAX_HOST_CONNECTIONS`). Long-lived streams hold
        /// their connection, so a low limit can make later requests wait behind them.
        public var maximumConnectionsPerHost: Int
        /// The most connections open at once; 0 for no limit (`CURLMOPT_MAX_TOTAL_CONNECTIONS`).
        public var maximumTotalConnections: Int
        /// How many idle connections the cache keeps for reuse (`CURLMOPT_MAXCONNECTS`); `nil`
        /// for curl's own default, which shrinks with the number of transfers running, so a
        /// burst's connections are mostly closed by the time the next burst comes.
        public var idleConnectionCacheSize: Int?

        /// Creates a configuration.
        /// - Parameters:
        ///   - maximumConnectionsPerHost: connections per host at once; 0 for no limit.
        ///   - maximumTotalConnections: connections at once; 0 for no limit.
        ///   - idleConnectionCacheSize: idle connections kept; `nil` for curl's default.
        public init(
            maximumConnectionsPerHost: Int = 0,
            maximumTotalConnections: Int = 0,
            idleConnectionCacheSize: Int? = 64
        ) {
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.maximumTotalConnections = maximumTotalConnections
            self.idleConnectionCacheSize = idleConnectionCacheSize
        }
    }

    /// The process-wide loop the curl transports use unless given another.
    public static let shared = CurlEventLoop(name: "baton-curl")

    let core: CurlLoopCore

    /// Starts a loop on a thread of its own.
    /// - Parameters:
    ///   - name: the thread's name, as debuggers show it (Linux keeps the first 15 bytes).
    ///   - configuration: connection limits for the loop's multi handle.
    public init(name: String = "baton-curl-loop", configuration: Configuration = Configuration()) {
        core = CurlLoopCore(name: name, configuration: configuration)
    }

    deinit {
        core.stop(notifying: nil)
    }

    /// How many new connections the loop's finished transfers opened (`CURLINFO_NUM_CONNECTS`
    /// summed); a transfer that reused a cached connection adds nothing.
    public var connectionsOpened: Int {
        core.connectionsOpened.load(ordering: .relaxed)
    }

    /// Stops the loop: transfers still running end with a ``TransportError`` (status 0),
    /// connections close, and the thread exits. Later requests fail the same way at once.
    ///
    /// Returns when the thread has released every handle.
    public func shutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            core.stop(notifying: continuation)
        }
    }

    /// Hands a configured transfer to the loop thread.
    /// - Returns: `false` when the loop has shut down and will not run it.
    func start(_ transfer: any CurlLoopTransfer) -> Bool {
        core.submit(.start(transfer))
    }

    /// Stops a transfer early; harmless when it already finished.
    func cancel(_ transfer: any CurlLoopTransfer) {
        _ = core.submit(.cancel(transfer))
    }

    /// Unpauses a transfer its consumer has caught up with; harmless when it already finished.
    func resume(_ transfer: any CurlLoopTransfer) {
        _ = core.submit(.resume(transfer))
    }
}

/// A transfer the loop thread runs: an easy handle plus what to do when it ends.
///
/// The loop calls these methods on its own thread only.
protocol CurlLoopTransfer: AnyObject, Sendable {
    /// The configured easy handle; the loop adds it to the multi handle.
    var easy: UnsafeMutableRawPointer { get }
    /// The transfer ended with `result` (`CURLE_OK` or an error); the handle is out of the multi.
    func completed(_ result: CURLcode)
    /// The transfer was stopped before it ended: by ``CurlEventLoop/cancel(_:)`` or shutdown.
    /// - Parameter reason: why, when the consumer still waits for an answer (shutdown).
    func abandoned(reason: String?)
    /// A pass of `curl_multi_perform` is over: wake the consumer for what it delivered.
    func deliver()
    /// Its consumer caught up: unpause it (`curl_easy_pause`, on the loop thread).
    func resumed()
}

/// What other threads ask of the loop thread.
enum CurlLoopCommand: Sendable {
    case start(any CurlLoopTransfer)
    case cancel(any CurlLoopTransfer)
    case resume(any CurlLoopTransfer)
}
