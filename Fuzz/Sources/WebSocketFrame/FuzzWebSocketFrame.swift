@_spi(Transport) import BatonCore
import FuzzSupport

/// The WebSocket frame decoder on any bytes from a server: read whole or in chunks of the size
/// the first byte gives, the same messages and the same violation both ways; a violation
/// carries a close code of RFC 6455 §7.4.1.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocketFrame(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    guard let first = input.first else { return 0 }
    let bytes = Array(input.dropFirst())
    let limit = first & 0x80 != 0 ? 1_024 : 16 << 20
    let whole = decode(FuzzInput.chunks(bytes, size: 0), limit: limit)
    let chunked = decode(FuzzInput.chunks(bytes, size: Int(first & 0x3F) + 1), limit: limit)
    if whole.messages != chunked.messages || whole.closeCode != chunked.closeCode {
        FuzzInput.fail("whole \(whole) but chunked \(chunked)")
    }
    if let code = whole.closeCode, ![1002, 1007, 1009].contains(code) { FuzzInput.fail("close code \(code)") }
    return 0
}

/// The messages decoded, and the close code of the violation that stopped the decoder.
private func decode(_ chunks: [ArraySlice<UInt8>], limit: Int) -> (messages: [WebSocketClientFrameDecoder.Message], closeCode: UInt16?) {
    var decoder = WebSocketClientFrameDecoder(maximumMessageSize: limit)
    var messages: [WebSocketClientFrameDecoder.Message] = []
    for chunk in chunks {
        decoder.append(chunk)
        do {
            while let message = try decoder.next() { messages.append(message) }
        } catch {
            return (messages, error.closeCode)
        }
    }
    return (messages, nil)
}
