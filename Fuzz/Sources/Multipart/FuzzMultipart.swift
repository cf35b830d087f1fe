@testable import BatonCore
import FuzzSupport

/// The `multipart/mixed` reader on any body, boundary `graphql`: read whole or in chunks of the
/// size the first byte gives, the same parts or an error both ways, and never more held than
/// its limits allow.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    guard let first = input.first else { return 0 }
    let body = Array(input.dropFirst())
    let limit = first & 0x80 != 0 ? 64 : MultipartMixedReader.defaultMaximumPartBytes
    let whole = read(FuzzInput.chunks(body, size: 0), limit: limit)
    let chunked = read(FuzzInput.chunks(body, size: Int(first & 0x3F) + 1), limit: limit)
    if (whole.error == nil) != (chunked.error == nil) { FuzzInput.fail("whole \(whole) but chunked \(chunked)") }
    if whole.error == nil, whole.parts != chunked.parts { FuzzInput.fail("whole \(whole.parts) but chunked \(chunked.parts)") }
    return 0
}

/// The parts read, and the error that stopped the reader.
private func read(_ chunks: [ArraySlice<UInt8>], limit: Int) -> (parts: [MultipartPart], error: MultipartError?) {
    var reader = MultipartMixedReader(boundary: "graphql", maximumPartBytes: limit)
    var parts: [MultipartPart] = []
    do {
        for chunk in chunks {
            parts += try reader.read(chunk)
            // A part body, or a header section of at most 16 KiB, and a delimiter's worth more.
            if reader.bufferedByteCount > max(limit, 16 * 1024) + chunk.count + 16 {
                FuzzInput.fail("holds \(reader.bufferedByteCount) bytes past a \(limit)-byte limit")
            }
        }
    } catch {
        return (parts, error)
    }
    return (parts, nil)
}
