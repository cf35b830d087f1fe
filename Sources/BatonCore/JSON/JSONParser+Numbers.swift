extension JSONParser {
    /// Reads a number (RFC 8259 §6): `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// An integer that fits `Int64` becomes `.int`; a number whose value the nearest `Double`
    /// does not give back (more than 15 significant digits that are not a double's shortest
    /// text, or an integer past 64 bits) keeps its text (`.number`); everything else `.double`,
    /// so a serialized double reads back as the same double. Up to 19 significant
    /// digits are gathered into an integer as the bytes are read. A double whose digits fit 2^53
    /// and whose power of ten is within ±22 is then one exact multiply or divide, so correctly
    /// rounded (Clinger's fast path); any other goes through the standard library's correctly
    /// rounded `Double(_:)`.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var index = position
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }

        var significand: UInt64 = 0
        var significantDigits = 0
        var isTruncated = false
        guard index < count else { throw input.endError(expected: "a digit after '-'") }
        let first = bytes[index] &- UInt8(ascii: "0")
        if first == 0 {
            index += 1
            if index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                throw input.error(
                    .invalidNumber, "Expected '.', 'e' or the end of the number after a leading '0', found a digit; leading zeros are not allowed",
                    at: index)
            }
        } else if first < 10 {
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 {
                    significand = significand &* 10 &+ UInt64(digit)
                    significantDigits += 1
                } else {
                    isTruncated = true
                }
                index += 1
            }
        } else {
            throw input.unexpected(expected: "a digit after '-'", at: index, code: .invalidNumber)
        }

        var isInteger = true
        var fractionDigits = 0
        if index < count && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < count, bytes[index] &- UInt8(ascii: "0") < 10 else {
                throw input.unexpected(expected: "a digit after '.'", at: index, code: .invalidNumber)
            }
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if significantDigits < 19 && !isTruncated {
                    significand = significand &* 10 &+ UInt64(digit)
                    fractionDigits += 1
                    if significand != 0 { significantDigits += 1 }
                } else {
                    isTruncated = true
                }
                index += 1
            }
        }

        var exponent = 0
        if index < count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            index += 1
            var exponentIsNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentIsNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < count, bytes[index] &- UInt8(ascii: "0") < 10 else {
                throw input.unexpected(expected: "a digit in the exponent", at: index, code: .invalidNumber)
            }
            while index < count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                // Past this the fast path is out of reach anyway; the slow path reads the text.
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            if exponentIsNegative { exponent = -exponent }
        }
        position = index

        if !isTruncated {
            if isInteger {
                if isNegative {
                    if significand == 0 { return .double(-0.0) }
                    if significand <= 1 << 63 { return .int(Int64(bitPattern: 0 &- significand)) }
                    return try input.numberOrDouble(from: start, to: index)
                }
                if significand <= UInt64(Int64.max) { return .int(Int64(significand)) }
                return try input.numberOrDouble(from: start, to: index)
            }
            if significantDigits > Self.exactDoubleDigits {
                return try input.numberOrDouble(from: start, to: index)
            }
            let power = exponent - fractionDigits
            if significand <= 1 << 53 && power >= -22 && power <= 22 {
                var magnitude = Double(significand)
                if power < 0 {
                    magnitude /= Self.powerOfTen(-power)
                } else {
                    magnitude *= Self.powerOfTen(power)
                }
                return .double(isNegative ? -magnitude : magnitude)
            }
        }
        if isTruncated { return try input.numberOrDouble(from: start, to: index) }
        return .double(try input.slowDouble(from: start, to: index))
    }

    /// The most significant digits any decimal text can have and still read back from the
    /// nearest `Double` unchanged (`DBL_DIG`): a number with more keeps its text.
    static let exactDoubleDigits = 15

    /// The exact double 10^`exponent`, for 0 ≤ exponent ≤ 22.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> Double {
        withUnsafeBytes(of: powersOfTen) { $0.load(fromByteOffset: exponent * 8, as: Double.self) }
    }

    private static let powersOfTen:
        (
            Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double,
            Double, Double, Double, Double, Double, Double, Double, Double, Double, Double, Double
        ) = (
            1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
            1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
        )

}

extension JSONInput {
    /// The bytes from `start` to `end`, a number's, as text.
    func text(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }

    /// The number from `start` to `end` as the nearest double when that double's shortest text
    /// has the same value, else as its text; an error when it is outside `Double`'s range.
    func numberOrDouble(from start: Int, to end: Int) throws(JSONParseError) -> JSONValue {
        let value = try slowDouble(from: start, to: end)
        let written = UnsafeBufferPointer(start: bytes + start, count: end - start)
        if let own = DecimalDigits(written), own == DecimalDigits("\(value)".utf8) { return .double(value) }
        return .number(text(from: start, to: end))
    }

    /// The number's text read by the standard library; an error when it is outside `Double`'s range.
    func slowDouble(from start: Int, to end: Int) throws(JSONParseError) -> Double {
        let text = text(from: start, to: end)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw error(
                .invalidNumber,
                "Expected a number within the range of a 64-bit double (magnitude below 1.8e308), found \(shown)",
                at: start
            )
        }
        return value
    }
}

/// A number's value as its significant digits and a power of ten (`0.d₁d₂… × 10^exponent`),
/// with no leading or trailing zero: two texts of a number have the same value exactly when
/// these are equal.
struct DecimalDigits: Equatable {
    var isNegative = false
    var digits: [UInt8] = []
    var exponent = 0

    /// The value of `text`, a number as JSON or Swift's `description` writes one; `nil` for other text.
    init?(_ text: some Collection<UInt8>) {
        var index = text.startIndex
        if index < text.endIndex, text[index] == UInt8(ascii: "-") {
            isNegative = true
            index = text.index(after: index)
        }
        var pointSeen = false
        var integerDigits = 0
        while index < text.endIndex {
            let byte = text[index]
            if byte == UInt8(ascii: ".") {
                guard !pointSeen else { return nil }
                pointSeen = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                // Digits before the point move the point right; leading zeros after it move it left.
                if !pointSeen {
                    if !digits.isEmpty { integerDigits += 1 }
                } else if digits.isEmpty {
                    integerDigits -= 1
                }
            } else {
                break
            }
            index = text.index(after: index)
        }
        var power = 0
        if index < text.endIndex, text[index] | 0x20 == UInt8(ascii: "e") {
            index = text.index(after: index)
            var negative = false
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
                negative = text[index] == UInt8(ascii: "-")
                index = text.index(after: index)
            }
            while index < text.endIndex, text[index] &- UInt8(ascii: "0") < 10 {
                if power < 100_000 { power = power * 10 + Int(text[index] &- UInt8(ascii: "0")) }
                index = text.index(after: index)
            }
            if negative { power = -power }
        }
        guard index == text.endIndex else { return nil }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        if digits.isEmpty {
            isNegative = false
            return
        }
        exponent = integerDigits + power
    }
}
