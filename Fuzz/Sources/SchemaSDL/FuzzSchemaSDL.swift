@testable import BatonCompiler
import FuzzSupport

/// The schema builder on any SDL text: a schema whose printed SDL builds the same schema again,
/// or diagnostics, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSchemaSDL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzInput.bytes(data, size), as: UTF8.self)
    let printed: String
    do {
        printed = try Schema(sdl: text).sdl()
    } catch {
        if error.diagnostics.isEmpty { FuzzInput.fail("a schema error with no diagnostic") }
        for diagnostic in error.diagnostics { _ = diagnostic.renderedWithSourceLine() }
        return 0
    }
    do {
        let reprinted = try Schema(sdl: printed).sdl()
        if reprinted != printed { FuzzInput.fail("printed SDL builds a schema that prints differently: \(printed.debugDescription)") }
    } catch {
        FuzzInput.fail("printed SDL \(printed.debugDescription) does not build: \(error)")
    }
    return 0
}
