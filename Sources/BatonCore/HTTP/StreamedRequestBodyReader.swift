import struct Foundation.URL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a ``StreamedRequestBody`` from its first byte into the buffers a client hands it, a file
/// at a time, so only the client's buffer is in memory however long the body is.
///
/// Used by one thread at a time (a curl read callback, an `InputStream`'s reads), which is what
/// makes the unsynchronized state safe.
@_spi(Transport) public final class StreamedRequestBodyReader: @unchecked Sendable {
    private let body: StreamedRequestBody
    private let total: Int64
    private var segment = 0
    /// How far into the current segment the reading is.
    private var offset: Int64 = 0
    private var descriptor: Int32 = -1
    private var sent: Int64 = 0
    private var reported: Int64 = -1
    /// The bytes between two progress reports: about 2% of the body.
    private let step: Int64

    init(_ body: StreamedRequestBody) {
        self.body = body
        total = body.length
        step = max(1, total / 50)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { segment >= body.segments.count }

    /// Fills the start of `buffer` with the body's next bytes.
    /// - Returns: how many bytes it wrote; 0 only at the end of the body.
    /// - Throws: ``TransportError`` (status 0) when a file cannot be opened or read, or is shorter
    ///   than it was when the request was made.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(TransportError) -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while segment < body.segments.count {
            let count: Int
            switch body.segments[segment] {
            case .bytes(let bytes):
                count = min(buffer.count, bytes.count - Int(offset))
                bytes.withUnsafeBytes { source in
                    base.copyMemory(from: source.baseAddress! + Int(offset), byteCount: count)
                }
            case .file(let url, let length):
                count = try readFile(url, length: length, into: UnsafeMutableRawBufferPointer(start: base, count: buffer.count))
            }
            if count == 0 {
                nextSegment()
                continue
            }
            offset += Int64(count)
            sent += Int64(count)
            reportProgress()
            return count
        }
        reportProgress()
        return 0
    }

    private func readFile(_ url: URL, length: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(TransportError) -> Int {
        let wanted = Int(min(Int64(buffer.count), length - offset))
        guard wanted > 0 else { return 0 }
        if descriptor < 0 {
            descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw Self.fileError("cannot open", url) }
        }
        while true {
            let count = systemRead(descriptor, buffer.baseAddress!, wanted)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Self.fileError("cannot read", url) }
            guard count > 0 else {
                throw TransportError(statusCode: 0, body: "the upload \(url.path) ended after \(offset) of its \(length) bytes")
            }
            return count
        }
    }

    private func nextSegment() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        segment += 1
        offset = 0
    }

    private func reportProgress() {
        guard let progress = body.progress, sent != reported, sent - reported >= step || sent == total else { return }
        reported = sent
        progress.sent(sent, of: total)
    }

    private static func fileError(_ what: String, _ url: URL) -> TransportError {
        TransportError(statusCode: 0, body: "\(what) the upload \(url.path): \(String(cString: strerror(errno)))")
    }
}

/// `read(2)`, named apart from the reader's own `read(into:)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
