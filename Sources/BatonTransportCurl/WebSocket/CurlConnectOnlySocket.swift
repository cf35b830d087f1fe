import BatonCCurl
import BatonCore
import Foundation

/// A connection libcurl opened and then handed over (`CURLOPT_CONNECT_ONLY`): curl resolves,
/// connects, goes through the proxy and does TLS with the usual options, and the bytes after
/// that move with `curl_easy_send` and `curl_easy_recv`.
///
/// Used by one thread only. Connecting blocks that thread (it is the connection's own I/O thread,
/// never a Swift concurrency thread).
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

    private let easy: UnsafeMutableRawPointer
    private let errorBuffer: UnsafeMutablePointer<CChar>
    /// The socket, for `poll`.
    private(set) var descriptor: Int32 = -1

    /// Connects to the host and port of `url` (`http://` or `https://`).
    /// - Throws: ``BatonCore/TransportError`` (status 0) with curl's message when it cannot connect.
    init(url: URL, options: CurlOptions) throws(TransportError) {
        guard CurlGlobal.ensureInitialized(), let easy = curl_easy_init() else {
            throw TransportError(statusCode: 0, body: "libcurl could not be initialized")
        }
        self.easy = easy
        errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
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
        try check(curl_easy_perform(easy))
        var socket: curl_socket_t = -1
        try check(baton_curl_easy_getinfo_socket(easy, &socket))
        guard socket >= 0 else { throw TransportError(statusCode: 0, body: "curl connected but reported no socket") }
        descriptor = socket
    }

    deinit {
        curl_easy_cleanup(easy)
        errorBuffer.deallocate()
    }

    /// Writes as much of `bytes` as the socket takes now.
    /// - Returns: how many bytes were written; 0 when the socket is full.
    /// - Throws: ``BatonCore/TransportError`` (status 0) when the connection failed.
    func send(_ bytes: UnsafeRawBufferPointer) throws(TransportError) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
        var sent = 0
        let code = curl_easy_send(easy, base, bytes.count, &sent)
        if code == CURLE_AGAIN { return 0 }
        try check(code)
        return sent
    }

    /// Reads what has arrived into `buffer`.
    /// - Throws: ``BatonCore/TransportError`` (status 0) when the connection failed.
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
