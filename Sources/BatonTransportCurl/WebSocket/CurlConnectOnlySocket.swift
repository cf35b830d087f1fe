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

/// A connection libcurl opens and then hands over (`CURLOPT_CONNECT_ONLY`): curl resolves,
/// connects, goes through the proxy and does TLS with the usual options, and the bytes after
/// that move with `curl_easy_send` and `curl_easy_recv`.
///
/// Connecting never blocks: the easy handle runs in a multi handle of its own through curl's
/// event API (`curl_multi_socket_action`), so the thread that owns the socket polls the sockets
/// curl names (``connectingSockets``) beside everything else it serves, and calls ``drive(_:revents:)``
/// and ``driveTimer()``. The multi is private so no other transfer shares its connection cache
/// (which could close or reuse the handed-over connection); curl documents that the easy handle
/// must stay in it for as long as the connection is used.
///
/// Used by one thread only.
final class CurlConnectOnlySocket {
    /// What a read found.
    enum ReadResult: Equatable {
        /// This many bytes were read into the buffer.
        case read(Int)
        /// Nothing to read now; wait for the socket to be readable.
        case wouldBlock
        /// The peer closed the connection.
        case closed
    }

    /// Where connecting is.
    enum Progress {
        case connecting
        /// Connected (and through TLS and the proxy): ``descriptor`` is the socket.
        case connected
        /// curl gave up: its message, status 0.
        case failed(TransportError)
    }

    private let easy: UnsafeMutableRawPointer
    private let multi: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The socket, for `poll`, once connected.
    private(set) var descriptor: Int32 = -1
    private(set) var progress = Progress.connecting
    /// While connecting: the sockets curl waits on, with the `poll` events it waits for.
    private(set) var connectingSockets: [Int32: Int16] = [:]
    /// While connecting: when curl's own timer (its timeouts, the resolver) wants to run.
    private(set) var timerDeadline: ContinuousClock.Instant?

    /// Starts connecting to the host and port of `url` (`http://` or `https://`).
    /// - Throws: ``TransportError`` (status 0) when curl cannot be set up.
    init(url: URL, options: CurlOptions) throws(TransportError) {
        guard CurlGlobal.ensureInitialized(), let easy = curl_easy_init() else {
            throw TransportError(statusCode: 0, body: "libcurl could not be initialized")
        }
        guard let multi = curl_multi_init() else {
            curl_easy_cleanup(easy)
            throw TransportError(statusCode: 0, body: "libcurl could not be initialized")
        }
        self.easy = easy
        self.multi = multi
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        try configure(url: url, options: options)
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = baton_curl_multi_setopt_socket_function(multi, curlSocketChanged)
        _ = baton_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, context)
        _ = baton_curl_multi_setopt_timer_function(multi, curlTimerChanged)
        _ = baton_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, context)
        let added = curl_multi_add_handle(multi, easy)
        guard added == CURLM_OK else {
            throw TransportError(statusCode: 0, body: "curl could not start connecting: \(String(cString: curl_multi_strerror(added)))")
        }
    }

    private func configure(url: URL, options: CurlOptions) throws(TransportError) {
        try check(baton_curl_easy_setopt_string(easy, CURLOPT_URL, url.absoluteString))
        try check(baton_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer))
        try check(baton_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_CONNECT_ONLY, 1))
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1))
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, options.connectTimeout.curlMilliseconds))
        // The upgrade is HTTP/1.1; ALPN must not talk the server into HTTP/2.
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1))
        try check(baton_curl_easy_setopt_long(easy, CURLOPT_SSL_ENABLE_ALPN, 0))
        switch options.tls {
        case .system:
            break
        case .certificateAuthorities(let file):
            try check(baton_curl_easy_setopt_string(easy, CURLOPT_CAINFO, file))
        case .insecureSkipVerification:
            try check(baton_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 0))
            try check(baton_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 0))
        }
        if let proxy = options.proxy {
            try check(baton_curl_easy_setopt_string(easy, CURLOPT_PROXY, proxy))
            // Through an HTTP proxy the upgrade needs a tunnel, not a forwarded request.
            try check(baton_curl_easy_setopt_long(easy, CURLOPT_HTTPPROXYTUNNEL, 1))
        }
    }

    deinit {
        // curl calls back while it lets go of its sockets; nothing may reach this object then.
        _ = baton_curl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, nil)
        _ = baton_curl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, nil)
        _ = curl_multi_remove_handle(multi, easy)
        curl_easy_cleanup(easy)
        _ = curl_multi_cleanup(multi)
        errorBuffer.deallocate()
    }

    // MARK: - Connecting

    /// One of ``connectingSockets`` is ready: lets curl go on connecting.
    /// - Parameters:
    ///   - socket: the socket `poll` reported.
    ///   - revents: what `poll` reported for it.
    func drive(_ socket: Int32, revents: Int16) {
        var mask: Int32 = 0
        if revents & Int16(POLLIN) != 0 { mask |= CURL_CSELECT_IN }
        if revents & Int16(POLLOUT) != 0 { mask |= CURL_CSELECT_OUT }
        if revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { mask |= CURL_CSELECT_ERR }
        var running: Int32 = 0
        _ = curl_multi_socket_action(multi, socket, mask, &running)
        collect()
    }

    /// ``timerDeadline`` passed: lets curl run its timers (and time out).
    func driveTimer() {
        timerDeadline = nil
        var running: Int32 = 0
        _ = curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running)
        collect()
    }

    /// Reads whether the connect ended, and how.
    private func collect() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, case .connecting = progress else { continue }
            let result = message.pointee.data.result
            guard result == CURLE_OK else {
                progress = .failed(CurlFailure.transportError(result, detail: String(cString: errorBuffer)))
                continue
            }
            var socket: curl_socket_t = -1
            if baton_curl_easy_getinfo_socket(easy, &socket) == CURLE_OK, socket >= 0 {
                descriptor = socket
                progress = .connected
            } else {
                progress = .failed(TransportError(statusCode: 0, body: "curl connected but reported no socket"))
            }
        }
        if case .connecting = progress { return }
        connectingSockets = [:]
        timerDeadline = nil
    }

    fileprivate func socketChanged(_ socket: Int32, what: Int32) {
        guard case .connecting = progress else { return }
        switch what {
        case CURL_POLL_IN: connectingSockets[socket] = Int16(POLLIN)
        case CURL_POLL_OUT: connectingSockets[socket] = Int16(POLLOUT)
        case CURL_POLL_INOUT: connectingSockets[socket] = Int16(POLLIN | POLLOUT)
        default: connectingSockets[socket] = nil
        }
    }

    fileprivate func timerChanged(milliseconds: Int) {
        guard case .connecting = progress else { return }
        timerDeadline = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
    }

    // MARK: - Connected

    /// Writes as much of `bytes` as the socket takes now.
    /// - Returns: how many bytes were written; 0 when the socket is full.
    /// - Throws: ``TransportError`` (status 0) when the connection failed.
    func send(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        var sent = 0
        let code = curl_easy_send(easy, base, bytes.count, &sent)
        if code == CURLE_AGAIN { return 0 }
        try check(code)
        return sent
    }

    /// Reads what has arrived into `buffer`.
    /// - Throws: ``TransportError`` (status 0) when the connection failed.
    func receive(into buffer: UnsafeMutableRawBufferPointer) throws(TransportError) -> ReadResult {
        guard let base = buffer.baseAddress else { return .wouldBlock }
        var received = 0
        let code = curl_easy_recv(easy, base, buffer.count, &received)
        if code == CURLE_AGAIN { return .wouldBlock }
        try check(code)
        return received == 0 ? .closed : .read(received)
    }

    private func check(_ code: CURLcode) throws(TransportError) {
        guard code == CURLE_OK else {
            throw CurlFailure.transportError(code, detail: String(cString: errorBuffer))
        }
    }
}

/// `CURLMOPT_SOCKETFUNCTION`: curl wants a socket watched for other events, or no longer.
private func curlSocketChanged(
    _ easy: UnsafeMutableRawPointer?, _ socket: curl_socket_t, _ what: Int32, _ context: UnsafeMutableRawPointer?,
    _ socketContext: UnsafeMutableRawPointer?
) -> Int32 {
    guard let context else { return 0 }
    Unmanaged<CurlConnectOnlySocket>.fromOpaque(context).takeUnretainedValue().socketChanged(socket, what: what)
    return 0
}

/// `CURLMOPT_TIMERFUNCTION`: curl wants its timers run after this many milliseconds (-1: never).
private func curlTimerChanged(_ multi: UnsafeMutableRawPointer?, _ milliseconds: Int, _ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let context else { return 0 }
    Unmanaged<CurlConnectOnlySocket>.fromOpaque(context).takeUnretainedValue().timerChanged(milliseconds: milliseconds)
    return 0
}
