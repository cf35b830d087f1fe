import BatonCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a child's pipe on a thread of its own until its end, and then closes it.
final class PipeReader: Sendable {
    // `Locked`, not `Mutex`: ThreadSanitizer cannot see a `Mutex` wait, and reports what it guards.
    private let data = Locked(Data())
    private let done = DispatchSemaphore(value: 0)
    private let ended = Locked(false)

    init(_ descriptor: Int32) {
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                data.withLock { $0.append(contentsOf: buffer[0..<count]) }
            }
            close(descriptor)
            ended.withLock { $0 = true }
            done.signal()
        }
        thread.name = "child-process-pipe"
        thread.start()
    }

    /// What was read so far.
    var soFar: Data { data.withLock { $0 } }

    /// Whether the pipe has ended: nothing more will be read.
    var hasEnded: Bool { ended.withLock { $0 } }

    /// What was read, once the pipe has ended, or at `deadline` when a process the child
    /// started still holds the pipe open.
    func finish(by deadline: DispatchTime) -> Data {
        if done.wait(timeout: deadline) == .success { done.signal() }
        return data.withLock { $0 }
    }
}
