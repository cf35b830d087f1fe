@_spi(Transport) import BatonCore
import Foundation

/// A ``StreamedRequestBody`` as the `InputStream` URLSession reads a request body from
/// (`httpBodyStream`), a buffer at a time: FoundationNetworking on Linux asks for one libcurl
/// buffer per read, so only that much of a file is in memory at once.
///
/// URLSession reads it from one thread at a time, which is what makes the unsynchronized state safe.
final class StreamedBodyInputStream: InputStream {
    private let reader: StreamedRequestBodyReader
    private var status: Stream.Status = .notOpen
    private var error: (any Error)?

    init(_ body: StreamedRequestBody) {
        reader = body.makeReader()
        super.init(data: Data())
    }

    override func open() {
        status = .open
    }

    override func close() {
        status = .closed
    }

    override var streamStatus: Stream.Status { status }

    override var streamError: (any Error)? { error }

    override var hasBytesAvailable: Bool { status == .open && !reader.isAtEnd }

    override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength length: Int) -> Int {
        guard status == .open else { return status == .atEnd ? 0 : -1 }
        do {
            let count = try reader.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: length))
            if count == 0 { status = .atEnd }
            return count
        } catch {
            self.error = error
            status = .error
            return -1
        }
    }

    override func getBuffer(
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, length len: UnsafeMutablePointer<Int>
    ) -> Bool {
        false
    }
}
