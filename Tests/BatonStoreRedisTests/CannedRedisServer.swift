import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server on a Unix socket that answers every command with one canned reply, as a node of a
/// Redis Cluster answers a command for a key of another node's slot (`-MOVED …`); a
/// `SCRIPT LOAD`, which names no key, it answers with a SHA-1 as any node would.
final class CannedRedisServer: @unchecked Sendable {
    let directory: URL
    var url: String { "unix://" + socketPath }
    private var socketPath: String { directory.appendingPathComponent("canned.sock").path }
    private let listener: Int32

    /// Listens and answers each command on each connection with `reply` (a RESP line, without
    /// its CRLF), on a thread of its own.
    init(answering reply: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-canned-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(directory.appendingPathComponent("canned.sock").path.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.map { UInt8(bitPattern: $0) }) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        let answer = Array((reply + "\r\n").utf8)
        Thread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread { Self.serve(connection, answer) }.start()
            }
        }.start()
    }

    /// Reads commands (RESP arrays of bulk strings) and answers each.
    private static func serve(_ connection: Int32, _ answer: [UInt8]) {
        defer { close(connection) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(connection, &chunk, chunk.count)
            guard count > 0 else { return }
            buffer += chunk[0..<count]
            while let (end, name) = command(buffer) {
                buffer.removeFirst(end)
                let reply = name.uppercased() == "SCRIPT" ? Array("$40\r\n\(String(repeating: "a", count: 40))\r\n".utf8) : answer
                _ = reply.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Where the first whole command in `buffer` ends and its name, or `nil` while it is incomplete.
    private static func command(_ buffer: [UInt8]) -> (Int, String)? {
        func line(from start: Int) -> (Int, Int)? {
            var index = start
            while index + 1 < buffer.count {
                if buffer[index] == 13 && buffer[index + 1] == 10 {
                    return (Int(String(decoding: buffer[(start + 1)..<index], as: UTF8.self)) ?? 0, index + 2)
                }
                index += 1
            }
            return nil
        }
        guard buffer.first == UInt8(ascii: "*"), let header = line(from: 0) else { return nil }
        var (count, offset) = header
        var name = ""
        while count > 0 {
            guard let (length, next) = line(from: offset) else { return nil }
            offset = next + length + 2
            guard offset <= buffer.count else { return nil }
            if name.isEmpty { name = String(decoding: buffer[next..<(next + length)], as: UTF8.self) }
            count -= 1
        }
        return (offset, name)
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        try? FileManager.default.removeItem(at: directory)
    }
}
