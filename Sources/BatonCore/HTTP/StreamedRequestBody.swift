import struct Foundation.URL

/// A request body too large to hold in memory, sent as the client reads it: bytes held in memory
/// and files read from disk in chunks, in order (a `multipart/form-data` request with uploads,
/// ``MultipartFormBody``).
///
/// A value, so a request can be sent again (a redirect, a retry, an auth replay): each exchange
/// opens its own ``StreamedRequestBodyReader``.
@_spi(Transport) public struct StreamedRequestBody: Sendable, Hashable {
    /// One run of the body's bytes.
    public enum Segment: Sendable, Hashable {
        /// Bytes held in memory.
        case bytes([UInt8])
        /// A file's bytes, of the length it had when the body was made.
        case file(URL, length: Int64)
    }

    /// The body's runs, in order.
    public var segments: [Segment]
    /// Told how far the body has been sent, at most about every 2% of it and at its end.
    public var progress: UploadProgress?
    /// Why the body cannot be sent (a file that cannot be read), or `nil`.
    public var failure: String?

    /// - Parameters:
    ///   - segments: the body's runs, in order.
    ///   - progress: told how far the body has been sent.
    ///   - failure: why the body cannot be sent, if it cannot.
    public init(segments: [Segment], progress: UploadProgress? = nil, failure: String? = nil) {
        self.segments = segments
        self.progress = progress
        self.failure = failure
    }

    /// The body's whole length in bytes (its `Content-Length`).
    public var length: Int64 {
        segments.reduce(0) { total, segment in
            switch segment {
            case .bytes(let bytes): return total + Int64(bytes.count)
            case .file(_, let length): return total + length
            }
        }
    }

    /// A reader from the body's first byte.
    public func makeReader() -> StreamedRequestBodyReader {
        StreamedRequestBodyReader(self)
    }
}
