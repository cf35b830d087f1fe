/// The bytes being parsed, as the parser's error paths see them.
///
/// Kept apart from the parser's state so building an error never copies that state: hot paths
/// stay free of the copies a non-mutating call on a mutable parser would make.
struct JSONInput {
    let bytes: UnsafePointer<UInt8>
    let count: Int

    /// An error at `offset`, with its line and column worked out from the input.
    ///
    /// Lines are counted by line feeds (U+000A) only; a column is the 1-based byte count from the
    /// start of its line. The count is done here, on the failure path, so parsing never tracks lines.
    func error(_ code: JSONParseError.Code, _ message: String, at offset: Int) -> JSONParseError {
        let offset = min(max(offset, 0), count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return JSONParseError(code: code, message: message, offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// The error for the input ending where `expected` should have been.
    func endError(expected: String) -> JSONParseError {
        error(.unexpectedEnd, "Expected \(expected), found the end of the input", at: count)
    }

    /// The error for the byte at `offset` where `expected` should have been; the end of the input
    /// when `offset` is past it.
    func unexpected(expected: String, at offset: Int, code: JSONParseError.Code = .unexpectedCharacter) -> JSONParseError {
        guard offset < count else { return endError(expected: expected) }
        return error(code, "Expected \(expected), found \(Self.describe(byte: bytes[offset]))", at: offset)
    }

    /// A byte as an error message shows it: printable ASCII quoted, anything else in hex.
    static func describe(byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        switch byte {
        case 0x20: return "a space"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0x09: return "a tab"
        default:
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x\(hex.count == 1 ? "0" + hex : hex)"
        }
    }
}
