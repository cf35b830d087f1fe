/// Reading past a value without building it, for a reader that needs only part of a document.
///
/// It accepts and rejects exactly what ``JSONParser/parseValue(enclosingDepth:)`` does (the same
/// string, number and literal readers, the same depth limit, no trailing commas), so a document
/// read partly by skipping fails where parsing it would.
extension JSONParser {
    /// Reads past the one value at the position, checking it; the position ends just past it.
    /// - Parameter enclosingDepth: how many arrays and objects the value sits in.
    mutating func skipValue(enclosingDepth: Int) throws(JSONParseError) {
        skipWhitespace()
        guard position < count else { throw input.endError(expected: "a value") }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            try skipString()
        case UInt8(ascii: "{"):
            guard enclosingDepth < maximumDepth else { throw input.tooDeep(maximumDepth, at: position) }
            position += 1
            skipWhitespace()
            if position < count && bytes[position] == UInt8(ascii: "}") {
                position += 1
                return
            }
            while true {
                guard position < count, bytes[position] == UInt8(ascii: "\"") else {
                    throw input.unexpected(expected: "a string key", at: position)
                }
                try skipString()
                skipWhitespace()
                guard position < count, bytes[position] == UInt8(ascii: ":") else {
                    throw input.unexpected(expected: "':' after an object key", at: position)
                }
                position += 1
                try skipValue(enclosingDepth: enclosingDepth + 1)
                skipWhitespace()
                guard position < count else { throw input.endError(expected: "',' or '}' after an object member") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else {
                    throw input.unexpected(expected: "',' or '}' after an object member", at: position)
                }
                position += 1
                return
            }
        case UInt8(ascii: "["):
            guard enclosingDepth < maximumDepth else { throw input.tooDeep(maximumDepth, at: position) }
            position += 1
            skipWhitespace()
            if position < count && bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            }
            while true {
                try skipValue(enclosingDepth: enclosingDepth + 1)
                skipWhitespace()
                guard position < count else { throw input.endError(expected: "',' or ']' after an array element") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else {
                    throw input.unexpected(expected: "',' or ']' after an array element", at: position)
                }
                position += 1
                return
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try parseNumber()
        case UInt8(ascii: "t"):
            try parseLiteral("true")
        case UInt8(ascii: "f"):
            try parseLiteral("false")
        case UInt8(ascii: "n"):
            try parseLiteral("null")
        default:
            throw input.unexpected(expected: "a value", at: position)
        }
    }

    /// Reads past the string at the position (its opening quote), checking it as
    /// ``parseString()`` does; a plain ASCII string without escapes is only scanned.
    @inline(__always)
    mutating func skipString() throws(JSONParseError) {
        let start = position + 1
        let scan = try input.scanString(from: start)
        if !scan.hasEscape && scan.isASCII {
            position = scan.end + 1
            return
        }
        _ = try makeString(start: start, scan: scan)
    }
}
