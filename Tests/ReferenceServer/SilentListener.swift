#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP listener on 127.0.0.1 that never accepts: the kernel completes each client's TCP
/// handshake into its backlog, and then nothing ever answers (no HTTP, no TLS), as a server that
/// hangs after its socket opened. Closed when the value goes away.
public final class SilentListener: Sendable {
    /// The port it listens on; 9 (discard) when no socket could be made, where nothing answers either.
    public let port: Int
    private let descriptor: Int32

    /// Starts listening on a port the system picks.
    public init() {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        descriptor = fd
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(fd, $0, &length)
            }
        }
        guard fd >= 0, bound == 0, named == 0, listen(fd, 16) == 0 else {
            port = 9
            return
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
