#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket on 127.0.0.1, reached through the C library: the listening socket of
/// ``LoopbackHTTPServer`` and each connection it accepts. Reads and waits poll in short slices, so
/// a thread blocked on a socket notices the server stopping and the peer going away.
struct LoopbackSocket: Sendable {
    /// The socket's descriptor.
    let descriptor: Int32

    /// What a bounded wait for bytes found.
    enum Readiness {
        /// Bytes (or end of file) can be read.
        case readable
        /// The time ran out first.
        case timedOut
        /// The socket failed, or was shut down by ``LoopbackHTTPServer/stop()``.
        case failed
    }

    /// Binds a listening socket to 127.0.0.1 on a port the system picks.
    /// - Returns: the socket and its port, or `nil` with the C library's error text.
    static func listenOnLoopback() -> Result<(LoopbackSocket, Int), LoopbackSocketError> {
        #if canImport(Darwin)
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { return .failure(LoopbackSocketError("socket")) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 128) == 0 else {
            let error = LoopbackSocketError("bind/listen on 127.0.0.1")
            close(descriptor)
            return .failure(error)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else {
            let error = LoopbackSocketError("getsockname")
            close(descriptor)
            return .failure(error)
        }
        return .success((LoopbackSocket(descriptor: descriptor), Int(UInt16(bigEndian: address.sin_port))))
    }

    /// Waits up to `milliseconds` for something to read (for a listening socket: a connection).
    func wait(milliseconds: Int32) -> Readiness {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, milliseconds)
        if ready < 0 { return errno == EINTR ? .timedOut : .failed }
        if ready == 0 { return .timedOut }
        if poller.revents & Int16(POLLNVAL) != 0 { return .failed }
        return .readable
    }

    /// Accepts a waiting connection.
    func acceptConnection() -> LoopbackSocket? {
        let connection = accept(descriptor, nil, nil)
        guard connection >= 0 else { return nil }
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var noDelay: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        return LoopbackSocket(descriptor: connection)
    }

    /// Reads what has arrived, up to `limit` bytes; an empty array at end of file, `nil` on error.
    func receive(limit: Int = 65_536) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            return Array(buffer[0..<count])
        }
    }

    /// Writes every byte; `false` when the peer has gone.
    func sendAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Self.sendFlags)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Whether the peer has closed its end: readable with nothing to read, or failed.
    func peerIsGone() -> Bool {
        switch wait(milliseconds: 0) {
        case .timedOut: return false
        case .failed: return true
        case .readable:
            var byte: UInt8 = 0
            let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Self.dontWait)
            return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
        }
    }

    /// Wakes every thread waiting on the socket; the descriptor stays open until ``closeDescriptor()``.
    func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor.
    func closeDescriptor() {
        _ = close(descriptor)
    }

    #if canImport(Darwin)
        private static let sendFlags: Int32 = 0
        private static let dontWait = Int32(MSG_DONTWAIT)
    #else
        private static let sendFlags = Int32(MSG_NOSIGNAL)
        private static let dontWait = Int32(MSG_DONTWAIT)
    #endif
}

/// A socket call that failed while the server started, with the C library's text for `errno`.
struct LoopbackSocketError: Error, CustomStringConvertible {
    var description: String

    init(_ call: String) {
        description = "\(call) failed: \(String(cString: strerror(errno)))"
    }
}
