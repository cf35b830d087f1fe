@testable import BatonCompiler
import FuzzSupport

/// The GraphQL lexer on any text: tokens that move forward inside the text up to `<EOF>`, or a
/// syntax error with a location inside it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLLexer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = Source(String(decoding: FuzzInput.bytes(data, size), as: UTF8.self))
    let length = source.utf8.count
    var lexer = Lexer(source: source, maxTokens: 10_000)
    var previousEnd = 0
    do {
        while true {
            let token = try lexer.advance()
            if token.start < previousEnd || token.end < token.start || token.end > length {
                FuzzInput.fail("token \(token) out of order or outside \(length) bytes")
            }
            previousEnd = token.end
            if token.kind == .endOfFile { break }
        }
    } catch {
        guard let location = error.location, location.offset >= 0, location.offset <= length else {
            FuzzInput.fail("a lexer error without a location inside the text: \(error)")
        }
        _ = error.renderedWithSourceLine()
    }
    return 0
}
