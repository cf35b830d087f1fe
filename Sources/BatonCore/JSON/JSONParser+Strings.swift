extension JSONParser {
    /// Reads a string value; the position is at its opening quote and ends past the closing one.
    @inline(__always)
    mutating func parseString() throws(JSONParseError) -> String {
        let start = position + 1
        let scan = try input.scanString(from: start)
        return try makeString(start: start, scan: scan)
    }

    /// Where a string's raw bytes end, and what they hold.
    struct StringScan {
        /// The offset of the closing quote, or of the first backslash when `hasEscape`.
        var end: Int
        /// Whether a backslash was found; scanning stopped there.
        var hasEscape: Bool
        /// The high bits of every byte before `end`: zero when they are all ASCII.
        var highBits: UInt64

        var isASCII: Bool { highBits & JSONParser.highBitMask == 0 }
    }

    /// The string whose scan is `scan`; moves the position past its closing quote.
    @inline(__always)
    mutating func makeString(start: Int, scan: StringScan) throws(JSONParseError) -> String {
        if scan.hasEscape {
            return try parseEscapedString(start: start, escape: scan.end, highBits: scan.highBits)
        }
        position = scan.end + 1
        let content = UnsafeBufferPointer(start: bytes + start, count: scan.end - start)
        if scan.isASCII { return String(decoding: content, as: UTF8.self) }
        return try input.validatedString(content, inputStart: start)
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20. May also answer yes for a byte above
    /// a true match; never misses one.
    @inline(__always)
    static func hasSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        return (zeroQuote | zeroBackslash | control) & highBitMask != 0
    }

    static let highBitMask: UInt64 = 0x8080_8080_8080_8080

    /// The rest of a string that has escapes, decoded into the scratch buffer.
    mutating func parseEscapedString(start: Int, escape: Int, highBits: UInt64) throws(JSONParseError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var highBits = highBits
        var runStart = start
        var index = escape
        while true {
            guard index < count else { throw input.endError(expected: "'\"' to close the string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: index - runStart))
                index = try decodeEscape(at: index)
                runStart = index
                continue
            }
            if byte < 0x20 { throw input.controlCharacterError(byte, at: index) }
            highBits |= UInt64(byte)
            index += 1
        }
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + runStart, count: index - runStart))
        position = index + 1
        // Escapes always decode to well-formed UTF-8; only raw non-ASCII bytes need checking.
        if highBits & Self.highBitMask == 0 {
            return String(decoding: scratch, as: UTF8.self)
        }
        if let string = String(validating: scratch, as: UTF8.self) { return string }
        throw input.utf8Error(from: start, to: index)
    }

    /// Decodes the escape at `index` (a backslash) into the scratch buffer; returns the offset after it.
    mutating func decodeEscape(at index: Int) throws(JSONParseError) -> Int {
        guard index + 1 < count else { throw input.endError(expected: "an escape character after '\\'") }
        let simple: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try decodeUnicodeEscape(at: index)
        default:
            throw input.error(
                .invalidString,
                "Expected an escape (\\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and 4 hex digits) after '\\', found \(JSONInput.describe(byte: bytes[index + 1]))",
                at: index + 1
            )
        }
        scratch.append(simple)
        return index + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uXXXX\uXXXX`, at `index`.
    mutating func decodeUnicodeEscape(at index: Int) throws(JSONParseError) -> Int {
        let unit = try input.hexQuad(at: index + 2)
        var scalarValue = unit
        var end = index + 6
        switch unit {
        case 0xD800...0xDBFF:
            guard end + 1 < count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
                throw input.loneSurrogate(unit, at: index)
            }
            let low = try input.hexQuad(at: end + 2)
            guard (0xDC00...0xDFFF).contains(low) else { throw input.loneSurrogate(unit, at: index) }
            scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw input.loneSurrogate(unit, at: index)
        default:
            break
        }
        appendUTF8(scalarValue)
        return end
    }

    /// Appends a scalar value (never a surrogate) to the scratch buffer as UTF-8.
    mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case 0..<0x80:
            scratch.append(UInt8(value))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

}

extension JSONInput {
    /// Finds the end of a string's plain run (RFC 8259 §7) starting at `start`, eight bytes at a
    /// time until a word holds a quote, a backslash or a control character.
    @inline(__always)
    func scanString(from start: Int) throws(JSONParseError) -> JSONParser.StringScan {
        var index = start
        var highBits: UInt64 = 0
        while index &+ 8 <= count {
            let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            if JSONParser.hasSpecialByte(word) { break }
            highBits |= word
            index &+= 8
        }
        while true {
            guard index < count else { throw endError(expected: "'\"' to close the string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { return JSONParser.StringScan(end: index, hasEscape: false, highBits: highBits) }
            if byte == UInt8(ascii: "\\") { return JSONParser.StringScan(end: index, hasEscape: true, highBits: highBits) }
            if byte < 0x20 { throw controlCharacterError(byte, at: index) }
            highBits |= UInt64(byte)
            index &+= 1
        }
    }

    /// The four hex digits at `index`, as a number.
    func hexQuad(at index: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for offset in index..<(index + 4) {
            guard offset < count else { throw endError(expected: "4 hex digits after '\\u'") }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw unexpected(expected: "4 hex digits after '\\u'", at: offset, code: .invalidString)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// A string from bytes with non-ASCII in them, which must be well-formed UTF-8.
    func validatedString(_ content: UnsafeBufferPointer<UInt8>, inputStart: Int) throws(JSONParseError) -> String {
        if let string = String(validating: content, as: UTF8.self) { return string }
        throw utf8Error(from: inputStart, to: inputStart + content.count)
    }

    /// The error for the first ill-formed UTF-8 byte in a string's raw bytes.
    func utf8Error(from start: Int, to end: Int) -> JSONParseError {
        let offset = UTF8Validation.firstInvalidOffset(in: bytes, from: start, to: end) ?? start
        let found = offset < count ? "byte 0x\(String(bytes[offset], radix: 16, uppercase: true))" : "the end of the string"
        return error(.invalidUTF8, "Expected well-formed UTF-8 in a string, found \(found)", at: offset)
    }

    func controlCharacterError(_ byte: UInt8, at index: Int) -> JSONParseError {
        let hex = String(byte, radix: 16, uppercase: true)
        return error(
            .invalidString,
            "Expected control character U+\(hex.count == 1 ? "000" : "00")\(hex) to be escaped in a string, found it raw",
            at: index
        )
    }

    func loneSurrogate(_ unit: UInt32, at index: Int) -> JSONParseError {
        let kind =
            unit >= 0xDC00 ? "a low surrogate with no high surrogate before it" : "a high surrogate with no low surrogate (\\uDC00–\\uDFFF) after it"
        return error(
            .invalidString,
            "Expected a Unicode scalar or a surrogate pair, found \\u\(String(unit, radix: 16, uppercase: true)), \(kind)",
            at: index
        )
    }
}
