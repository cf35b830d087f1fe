/// Telling, from the bytes alone, that a leaf value is the one the store holds: a response
/// fetched again mostly repeats what is stored, and a value found equal needs neither a
/// `JSONValue` built for it nor a write.
///
/// Each check answers `true` only where reading the value whole would build a value equal to
/// the held one, and then moves the position past it; `false` leaves the position where it was
/// and decides nothing, the value is then read and compared whole.
extension BytesWalk {
    /// Whether the value at the reader's position is `held`, a stored scalar.
    mutating func readsSameScalar(_ held: FieldValue) -> Bool {
        guard case .scalar(let scalar) = held, reader.position < reader.count else { return false }
        switch scalar {
        case .string(let text):
            return reader.bytes[reader.position] == UInt8(ascii: "\"") && readsSameString(text)
        case .int(let number):
            return readsSameInteger(number)
        case .double(let number):
            return readsSameDouble(number)
        case .number(let text):
            return readsSameNumberText(text)
        case .bool(let flag):
            return flag ? readsLiteral(0x6575_7274, length: 4) : readsLiteral(0x65_736c_6166, length: 5)
        case .null:
            return readsLiteral(0x6c6c_756e, length: 4)
        case .list, .object:
            return false
        }
    }

    /// Whether the string at the reader's position has exactly the bytes of `text`, with no
    /// quote, backslash or control byte among them. Strings equal byte for byte are equal, and
    /// a held string is well-formed UTF-8, so the bytes need no other check. Compared eight
    /// bytes at a time, the last word overlapping the one before it.
    mutating func readsSameString(_ text: String) -> Bool {
        let start = reader.position + 1
        let bytes = reader.bytes + start
        let available = reader.count - start
        let same =
            text.utf8.withContiguousStorageIfAvailable { held -> Bool in
                let length = held.count
                guard length < available, bytes[length] == 0x22 else { return false }
                guard let heldBase = held.baseAddress else { return length == 0 }
                if length >= 8 {
                    var index = 0
                    while true {
                        let word = UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
                        guard word == UnsafeRawPointer(heldBase + index).loadUnaligned(as: UInt64.self),
                            !JSONParser.hasSpecialByte(word)
                        else { return false }
                        if index == length - 8 { return true }
                        index = min(index + 8, length - 8)
                    }
                }
                var index = 0
                while index < length {
                    let byte = bytes[index]
                    guard byte == heldBase[index], byte != 0x22, byte != 0x5C, byte >= 0x20 else { return false }
                    index += 1
                }
                return true
            } ?? false
        if same { reader.position = start + text.utf8.count + 1 }
        return same
    }

    /// Whether the number at the reader's position is an integer written plainly (no fraction,
    /// exponent or leading zero, at most 18 digits) whose value is `held`: what the parser
    /// reads as `.int(held)`. `-0` is left to the parser, which reads it as a double.
    private mutating func readsSameInteger(_ held: Int64) -> Bool {
        var index = reader.position
        let isNegative = reader.bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        let digitsStart = index
        var magnitude: Int64 = 0
        while index < reader.count {
            let digit = reader.bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            magnitude = magnitude &* 10 &+ Int64(digit)
            index += 1
        }
        let digits = index - digitsStart
        guard digits > 0, digits <= 18, digits == 1 || reader.bytes[digitsStart] != UInt8(ascii: "0") else { return false }
        guard !isNegative || magnitude != 0 else { return false }
        if index < reader.count {
            let next = reader.bytes[index]
            guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return false }
        }
        guard (isNegative ? -magnitude : magnitude) == held else { return false }
        reader.position = index
        return true
    }

    /// Whether the number at the reader's position reads as a double equal to `held`, by the
    /// parser's own rules.
    private mutating func readsSameDouble(_ held: Double) -> Bool {
        readsNumber { if case .double(let number) = $0 { number == held } else { false } }
    }

    /// Whether the number at the reader's position keeps its text, and the text is `held`.
    private mutating func readsSameNumberText(_ held: String) -> Bool {
        readsNumber { if case .number(let text) = $0 { text == held } else { false } }
    }

    /// Whether the number at the reader's position, as the parser reads it, is one `isHeld`
    /// accepts; if not, the position is left where it was.
    @inline(__always)
    private mutating func readsNumber(_ isHeld: (JSONValue) -> Bool) -> Bool {
        let start = reader.position
        let byte = reader.bytes[start]
        guard byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10, let number = try? reader.parseNumber(), isHeld(number)
        else {
            reader.position = start
            return false
        }
        return true
    }

    /// Whether the bytes at the reader's position are the literal whose `length` bytes are
    /// `word`'s, lowest byte first (`true`, `false`, `null`).
    private mutating func readsLiteral(_ word: UInt64, length: Int) -> Bool {
        guard reader.count - reader.position >= length else { return false }
        var found: UInt64 = 0
        for offset in 0..<length { found |= UInt64(reader.bytes[reader.position + offset]) << (UInt64(offset) &* 8) }
        guard found == word else { return false }
        reader.position += length
        return true
    }
}
