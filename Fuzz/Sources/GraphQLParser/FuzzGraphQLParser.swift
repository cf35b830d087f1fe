@testable import BatonCompiler
import FuzzSupport

/// The GraphQL parser on any text: a document that prints to text parsing to a document that
/// prints the same, or a syntax error with a location inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = Source(String(decoding: FuzzInput.bytes(data, size), as: UTF8.self))
    let document: DocumentNode
    do {
        document = try Parser.parse(source, maxTokens: 10_000)
    } catch {
        guard let location = error.location, location.offset >= 0, location.offset <= source.utf8.count else {
            FuzzInput.fail("a syntax error without a location inside the text: \(error)")
        }
        _ = error.renderedWithSourceLine()
        return 0
    }
    let printed = Printer.print(document)
    do {
        let reparsed = try Parser.parse(printed)
        if Printer.print(reparsed) != printed { FuzzInput.fail("printed again differently: \(printed.debugDescription)") }
    } catch {
        FuzzInput.fail("printed as \(printed.debugDescription), which does not parse: \(error)")
    }
    return 0
}
