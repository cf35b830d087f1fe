@testable import BatonCore
import FuzzSupport

/// The `text/event-stream` reader on any stream: read whole or in chunks of the size the first
/// byte gives, the same events or an error both ways.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServerSentEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    guard let first = input.first else { return 0 }
    let stream = Array(input.dropFirst())
    let limit = first & 0x80 != 0 ? 64 : ServerSentEventReader.defaultMaximumBytes
    let whole = read(FuzzInput.chunks(stream, size: 0), limit: limit)
    let chunked = read(FuzzInput.chunks(stream, size: Int(first & 0x3F) + 1), limit: limit)
    if (whole.error == nil) != (chunked.error == nil) { FuzzInput.fail("whole \(whole) but chunked \(chunked)") }
    if whole.error == nil, whole.events != chunked.events { FuzzInput.fail("whole \(whole.events) but chunked \(chunked.events)") }
    return 0
}

/// The events read, and the error that stopped the reader.
private func read(_ chunks: [ArraySlice<UInt8>], limit: Int) -> (events: [ServerSentEvent], error: ServerSentEventError?) {
    var reader = ServerSentEventReader(maximumBytes: limit)
    var events: [ServerSentEvent] = []
    do {
        for chunk in chunks { events += try reader.read(chunk) }
    } catch {
        return (events, error)
    }
    return (events, nil)
}
