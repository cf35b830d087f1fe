@testable import BatonCore
import FuzzSupport

/// graphql-transport-ws message decoding on any text: a server message, or an ``IngestError``
/// saying the text is not JSON or not a message, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLTransportWS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput.bytes(data, size), as: UTF8.self)
    do throws(IngestError) {
        let message = try GraphQLWSServerMessage(text: text, parseOptions: JSONParseOptions(maximumDepth: 64, maximumBytes: 64 * 1_024))
        if case .error(_, let errors) = message, errors.isEmpty { FuzzInput.fail("an error message with no errors: \(text)") }
    } catch {
        if error.code != .invalidJSON, error.code != .notAResponse { FuzzInput.fail("\(text.debugDescription) failed with \(error.code)") }
        if error.message.isEmpty { FuzzInput.fail("an ingest error with no message") }
    }
    return 0
}
