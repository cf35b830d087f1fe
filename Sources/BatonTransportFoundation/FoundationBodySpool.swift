@_spi(Transport) import BatonCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps one exchange's body out of memory while its consumer is behind.
///
/// URLSession cannot be held back on Linux: FoundationNetworking's `suspend()` takes the transfer
/// off libcurl's multi handle, and `resume()` puts it back as a new transfer, so a suspended
/// response loses bytes (a 2 MiB part arrived cut). And bytes it has read cannot be refused. So
/// while the exchange's ``HTTPClientEventBuffer`` is full, what arrives is appended to
/// a temporary file (owner-only, unlinked as soon as it is open, so nothing is left behind),
/// and read back into the buffer as the consumer drains it: memory stays bounded by the buffer's
/// limit, and the disk holds what the consumer has not read yet, at most ``maximumSpooledBytes``.
/// The same runs on every platform, so there is one behaviour to test.
final class FoundationBodySpool: Sendable {
    /// The most bytes kept on disk for a consumer that is behind; past it the exchange fails with
    /// `URLError(.dataLengthExceedsMaximum)`.
    static let maximumSpooledBytes = 1 << 30

    private struct State {
        var descriptor: Int32 = -1
        var written = 0
        var read = 0
        /// How the exchange ended, kept until the spooled bytes before it are in the buffer.
        var ending: Ending?
        var isClosed = false

        var hasSpooled: Bool { written > read }
    }

    private enum Ending {
        case finished
        case failed(any Error)
    }

    /// What the consumer reads.
    let buffer: HTTPClientEventBuffer
    private let state = Locked(State())
    /// Refills run here, never inside a buffer call (a refill's offer can resume the buffer's
    /// consumer, whose draining asks for another refill).
    private let refills = DispatchQueue(label: "baton.foundation.spool")

    init() {
        // The buffer is made before the spool its draining refills; the reference is filled below.
        let reference = SpoolReference()
        buffer = HTTPClientEventBuffer { reference.spool?.drained() }
        reference.spool = self
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 { closeDescriptor(state.descriptor) }
        }
    }

    /// Body bytes URLSession delivered (delegate queue): to the buffer while it has room and
    /// nothing waits on disk, to the file otherwise.
    /// - Returns: an error when the bytes could be kept nowhere (the exchange must fail).
    func receive(_ data: Data) -> (any Error)? {
        state.withLock { state -> (any Error)? in
            if state.isClosed { return nil }
            if !state.hasSpooled, !buffer.isProducerPaused {
                _ = buffer.offer(.body([UInt8](data)), refusingWhenFull: false)
                return nil
            }
            return Self.append(data, to: &state)
        }
    }

    /// The exchange ended (delegate queue): at once when nothing waits on disk, otherwise after
    /// the last spooled bytes are in the buffer.
    func finish(throwing error: (any Error)?) {
        let now = state.withLock { state -> Bool in
            guard state.hasSpooled else { return true }
            state.ending = error.map(Ending.failed) ?? .finished
            return false
        }
        if now { buffer.finish(throwing: error) }
    }

    /// The consumer drained the buffer: refill it from the file, off the consumer's call.
    func drained() {
        refills.async { [self] in refill() }
    }

    /// The consumer has gone: nothing more is kept.
    func close() {
        state.withLock { state in
            state.isClosed = true
            if state.descriptor >= 0 { closeDescriptor(state.descriptor) }
            state.descriptor = -1
        }
    }

    private func refill() {
        let ending = state.withLock { state -> Ending? in
            guard !state.isClosed else { return nil }
            while state.hasSpooled, !buffer.isProducerPaused {
                let count = min(state.written - state.read, 256 * 1024)
                var bytes = [UInt8](repeating: 0, count: count)
                let got = bytes.withUnsafeMutableBytes { pread(state.descriptor, $0.baseAddress, count, off_t(state.read)) }
                guard got > 0 else {
                    state.isClosed = true
                    return .failed(URLError(.cannotDecodeRawData))
                }
                bytes.removeLast(count - got)
                state.read += got
                _ = buffer.offer(.body(bytes), refusingWhenFull: false)
            }
            guard !state.hasSpooled else { return nil }
            // Everything spooled is in the buffer: start over at the file's beginning.
            state.written = 0
            state.read = 0
            _ = ftruncate(state.descriptor, 0)
            defer { state.ending = nil }
            return state.ending
        }
        switch ending {
        case nil: return
        case .finished?: buffer.finish()
        case .failed(let error)?: buffer.finish(throwing: error)
        }
    }

    private static func append(_ data: Data, to state: inout State) -> (any Error)? {
        if state.written + data.count > maximumSpooledBytes { return URLError(.dataLengthExceedsMaximum) }
        if state.descriptor < 0 {
            guard let descriptor = openUnlinkedFile() else { return URLError(.cannotCreateFile) }
            state.descriptor = descriptor
        }
        let written = data.withUnsafeBytes { bytes -> Int in
            var done = 0
            while done < bytes.count {
                let count = pwrite(state.descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(state.written + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return -1 }
                done += count
            }
            return done
        }
        guard written == data.count else { return URLError(.cannotWriteToFile) }
        state.written += written
        return nil
    }

    /// A new file in the temporary directory, readable by its owner only, unlinked at once.
    private static func openUnlinkedFile() -> Int32? {
        let directory = FileManager.default.temporaryDirectory.path
        for _ in 0..<8 {
            let path = "\(directory)/baton-body-\(UInt64.random(in: 0...UInt64.max)).spool"
            let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                unlink(path)
                return descriptor
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }
}

/// The spool a buffer's resume closure refills: set once, in the spool's initializer, before the
/// buffer can call it.
private final class SpoolReference: @unchecked Sendable {
    weak var spool: FoundationBodySpool?
}

private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
