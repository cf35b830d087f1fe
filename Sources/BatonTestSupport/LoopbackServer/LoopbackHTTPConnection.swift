#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection of ``LoopbackHTTPServer``, used by the one thread that serves it: reads
/// that give up when the server stops, waits that end when the peer goes, and the ways to answer.
///
/// Every response closes the connection (`Connection: close`), so a response needs no framing
/// beyond its own and a client never waits on a reused connection.
struct LoopbackHTTPConnection: Sendable {
    let socket: LoopbackSocket
    /// Whether the server is stopping; polled between short waits.
    let isStopping: @Sendable () -> Bool

    private static let slice: Int32 = 20

    /// The next bytes the peer sent; `nil` at end of file, on error, or when the server stops.
    func readSome() -> [UInt8]? {
        while !isStopping() {
            switch socket.wait(milliseconds: Self.slice) {
            case .timedOut: continue
            case .failed: return nil
            case .readable:
                guard let bytes = socket.receive(), !bytes.isEmpty else { return nil }
                return bytes
            }
        }
        return nil
    }

    /// Writes bytes as they are; `false` when the peer has gone.
    func write(_ bytes: [UInt8]) -> Bool {
        !isStopping() && socket.sendAll(bytes)
    }

    /// Waits `milliseconds`; `false` as soon as the peer closes its end or the server stops.
    func pause(milliseconds: Int) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while ContinuousClock.now < deadline {
            if isStopping() || socket.peerIsGone() { return false }
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1
            let slice = Int32(clamping: min(Int64(Self.slice), milliseconds))
            // A readable socket returns at once; when what it holds is more request bytes, not
            // its end, the wait still has to last its slice.
            if case .readable = socket.wait(milliseconds: slice) { usleep(UInt32(slice) * 1000) }
        }
        return !isStopping() && !socket.peerIsGone()
    }

    /// A whole response with `Content-Length`.
    func respond(status: Int, contentType: String, body: [UInt8], headers: [(String, String)]) {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        _ = write(Array(head.utf8) + body)
    }

    /// The head of a streamed response; its body follows in ``chunk(_:)`` calls and ends with
    /// ``endChunks()``. `false` when the peer has gone.
    func startChunks(status: Int, contentType: String, headers: [(String, String)]) -> Bool {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\nTransfer-Encoding: chunked\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Connection: close\r\n\r\n"
        return write(Array(head.utf8))
    }

    /// One chunk of a streamed body; `false` when the peer has gone.
    func chunk(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        return write(Array((String(bytes.count, radix: 16) + "\r\n").utf8) + bytes + [13, 10])
    }

    /// The last chunk: the body is complete at the HTTP level.
    func endChunks() {
        _ = write(Array("0\r\n\r\n".utf8))
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}
