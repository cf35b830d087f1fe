/// Strings and block strings (spec §2.1.12 String Value).
extension Lexer {
    /// StringValue :: `"` StringCharacter* `"`, with escapes applied.
    func readString(from start: Int) throws(Diagnostic) -> Token {
        var position = start + 1
        var chunkStart = position
        var value: [UInt8] = []
        while position < bytes.count {
            let code = bytes[position]
            if code == UInt8(ascii: "\"") {
                value.append(contentsOf: bytes[chunkStart..<position])
                return Token(
                    kind: .string, start: start, end: position + 1,
                    value: String(decoding: value, as: UTF8.self))
            }
            if code == UInt8(ascii: "\\") {
                value.append(contentsOf: bytes[chunkStart..<position])
                let escape = try readEscape(at: position)
                value.append(contentsOf: Array(String(escape.scalar).utf8))
                position += escape.size
                chunkStart = position
                continue
            }
            if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") { break }
            position += 1
        }
        throw syntaxError("Unterminated string.", at: position)
    }

    /// EscapedCharacter, EscapedUnicode `\u{...}` and the fixed `\uXXXX` form, which may pair
    /// two surrogates into one scalar.
    private func readEscape(at position: Int) throws(Diagnostic) -> (scalar: Unicode.Scalar, size: Int) {
        if byte(at: position + 1) == UInt8(ascii: "u") {
            if byte(at: position + 2) == UInt8(ascii: "{") {
                return try readBracedUnicodeEscape(at: position)
            }
            return try readFixedUnicodeEscape(at: position)
        }
        let escaped: Unicode.Scalar? =
            switch byte(at: position + 1) {
            case UInt8(ascii: "\""): "\""
            case UInt8(ascii: "\\"): "\\"
            case UInt8(ascii: "/"): "/"
            case UInt8(ascii: "b"): "\u{8}"
            case UInt8(ascii: "f"): "\u{C}"
            case UInt8(ascii: "n"): "\n"
            case UInt8(ascii: "r"): "\r"
            case UInt8(ascii: "t"): "\t"
            default: nil
            }
        if let escaped { return (escaped, 2) }
        throw syntaxError("Invalid character escape sequence: \"\(slice(position, 2))\".", at: position)
    }

    /// `\u{` HexDigit+ `}`: at most eight digits, naming a Unicode scalar value (not a surrogate).
    private func readBracedUnicodeEscape(at position: Int) throws(Diagnostic) -> (scalar: Unicode.Scalar, size: Int) {
        var point: UInt32 = 0
        var size = 3
        while size < 12 {
            let code = byte(at: position + size)
            size += 1
            if code == UInt8(ascii: "}") {
                guard size >= 5, let scalar = Unicode.Scalar(point) else { break }
                return (scalar, size)
            }
            guard let code, let digit = Self.hexValue(code) else { break }
            point = point << 4 | digit
        }
        throw syntaxError("Invalid Unicode escape sequence: \"\(slice(position, size))\".", at: position)
    }

    /// `\u` HexDigit×4, or a leading and a trailing surrogate written as two such escapes.
    private func readFixedUnicodeEscape(at position: Int) throws(Diagnostic) -> (scalar: Unicode.Scalar, size: Int) {
        if let code = fourHexDigits(at: position + 2) {
            if let scalar = Unicode.Scalar(code) { return (scalar, 6) }
            if (0xD800...0xDBFF).contains(code), byte(at: position + 6) == UInt8(ascii: "\\"),
                byte(at: position + 7) == UInt8(ascii: "u"), let trailing = fourHexDigits(at: position + 8),
                (0xDC00...0xDFFF).contains(trailing),
                let scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00))
            {
                return (scalar, 12)
            }
        }
        throw syntaxError("Invalid Unicode escape sequence: \"\(slice(position, 6))\".", at: position)
    }

    private func fourHexDigits(at position: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let code = byte(at: position + offset), let digit = Self.hexValue(code) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ code: UInt8) -> UInt32? {
        switch code {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(code - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(code - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(code - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Up to `length` bytes of source from `position`, for quoting in a message.
    private func slice(_ position: Int, _ length: Int) -> String {
        text(position, min(position + length, bytes.count))
    }

    /// BlockString :: `"""` BlockStringCharacter* `"""`; the value is BlockStringValue() of the raw
    /// lines, with `\"""` read as `"""` and every line terminator as `\n`.
    func readBlockString(from start: Int) throws(Diagnostic) -> Token {
        var position = start + 3
        var chunkStart = position
        var currentLine: [UInt8] = []
        var lines: [[UInt8]] = []
        while position < bytes.count {
            let code = bytes[position]
            if code == UInt8(ascii: "\""), byte(at: position + 1) == UInt8(ascii: "\""),
                byte(at: position + 2) == UInt8(ascii: "\"")
            {
                currentLine.append(contentsOf: bytes[chunkStart..<position])
                lines.append(currentLine)
                return Token(
                    kind: .blockString, start: start, end: position + 3, value: BlockString.value(ofLines: lines))
            }
            if code == UInt8(ascii: "\\"), byte(at: position + 1) == UInt8(ascii: "\""),
                byte(at: position + 2) == UInt8(ascii: "\""), byte(at: position + 3) == UInt8(ascii: "\"")
            {
                currentLine.append(contentsOf: bytes[chunkStart..<position])
                chunkStart = position + 1  // keep the quotes, drop the backslash
                position += 4
                continue
            }
            if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") {
                currentLine.append(contentsOf: bytes[chunkStart..<position])
                lines.append(currentLine)
                currentLine = []
                position += code == UInt8(ascii: "\r") && byte(at: position + 1) == UInt8(ascii: "\n") ? 2 : 1
                chunkStart = position
                continue
            }
            position += 1
        }
        throw syntaxError("Unterminated string.", at: position)
    }
}
