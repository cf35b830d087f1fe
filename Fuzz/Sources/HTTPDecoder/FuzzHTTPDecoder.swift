@_spi(Transport) @testable import BatonCore
import FuzzSupport

/// The HTTP response decoder on any body under any of a set of heads: exactly one terminal
/// action, nothing after it, a typed failure, and never more held than the size limit. The first
/// byte picks the status, the media type, the limit and the chunk size.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput.bytes(data, size)
    guard input.count >= 2 else { return 0 }
    let body = Array(input.dropFirst(2))
    let status = statuses[Int(input[0] >> 6)]
    let contentType = contentTypes[Int(input[0] & 0x3F) % contentTypes.count]
    let limit: Int? = input[1] & 0x80 != 0 ? 256 : nil
    var decoder = GraphQLHTTPDecoder(parseOptions: JSONParseOptions(maximumDepth: 64, maximumBytes: limit))
    let head = GraphQLHTTPResponseHead(statusCode: status, headers: contentType.map { [HeaderField(name: "Content-Type", value: $0)] } ?? [])
    var actions = [decoder.received(.head(head))]
    for chunk in FuzzInput.chunks(body, size: Int(input[1] & 0x3F)) {
        actions.append(decoder.received(.body(Array(chunk))))
        if let limit, held(decoder.state) > limit { FuzzInput.fail("holds \(held(decoder.state)) bytes past a \(limit)-byte limit") }
    }
    actions.append(decoder.finished())
    actions.append(decoder.finished())
    var ended = false
    for action in actions {
        switch action {
        case .none: continue
        case .emit: if ended { FuzzInput.fail("payloads after the end") }
        case .finish:
            if ended { FuzzInput.fail("a second end") }
            ended = true
        case .fail(_, let error):
            if ended { FuzzInput.fail("a second end") }
            ended = true
            switch error {
            case Failure.malformed, Failure.request, is TransportError: break
            default: FuzzInput.fail("an untyped failure: \(type(of: error)) \(error)")
            }
        }
    }
    if !ended { FuzzInput.fail("finished() left the exchange open") }
    return 0
}

let statuses = [200, 400, 500, 103]

let contentTypes: [String?] = [
    nil, "application/json", "application/graphql-response+json; charset=utf-8", "multipart/mixed; boundary=graphql",
    "multipart/mixed; boundary=\"-\"; deferSpec=20220824", "multipart/mixed", "text/event-stream", "text/html",
    "application/vnd.x+json", "", ";", "multipart/mixed; boundary=\"\"",
]

/// The body bytes the decoder holds in `state`.
func held(_ state: GraphQLHTTPDecoder.State) -> Int {
    switch state {
    case .single(let body): body.count
    case .errorBody(_, _, let body): body.count
    case .multipart(let reader): reader.bufferedByteCount
    case .awaitingHead, .eventStream, .done: 0
    }
}
