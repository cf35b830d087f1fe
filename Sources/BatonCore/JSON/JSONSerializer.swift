/// Writes a ``JSONValue`` as compact JSON text (RFC 8259), without recursion.
///
/// - Strings: `"` and `\` are escaped, control characters are written as `\b \f \n \r \t` or
///   `\u00XX`; everything else, including `/` and non-ASCII, is written as its UTF-8.
/// - Integers are written exactly. Doubles are written as Swift's `description` writes them, the
///   shortest text that reads back to the same double, and always with a `.` or an exponent
///   (`1.0`, `1e+16`), so they read back as doubles, not integers.
/// - Infinity and NaN have no JSON spelling (RFC 8259 §6); they are written as `null`, as
///   ECMAScript's `JSON.stringify` does, so the output is always valid JSON.
/// - Object members keep their order, or are sorted by their keys' UTF-8 bytes (code point order).
struct JSONSerializer {
    private(set) var output: [UInt8] = []
    let sortingKeys: Bool

    init(sortingKeys: Bool) {
        self.sortingKeys = sortingKeys
        output.reserveCapacity(256)
    }

    /// An open container: what is left to write of it.
    private enum Level {
        case list([JSONValue], next: Int)
        case object([JSONObject.Member], next: Int)
    }

    /// Appends `root` to the output.
    mutating func write(_ root: JSONValue) {
        var levels: [Level] = []
        var value = root
        writing: while true {
            switch value {
            case .null: appendASCII("null")
            case .bool(let flag): appendASCII(flag ? "true" : "false")
            case .int(let integer): writeInteger(integer)
            case .double(let double): writeDouble(double)
            case .number(let text): output.append(contentsOf: text.utf8)
            case .string(let string): writeString(string)
            case .list(let elements):
                output.append(UInt8(ascii: "["))
                if let first = elements.first {
                    levels.append(.list(elements, next: 1))
                    value = first
                    continue writing
                }
                output.append(UInt8(ascii: "]"))
            case .object(let object):
                output.append(UInt8(ascii: "{"))
                let members = sortingKeys ? Self.sorted(object.members) : object.members
                if let first = members.first {
                    writeString(first.key)
                    output.append(UInt8(ascii: ":"))
                    levels.append(.object(members, next: 1))
                    value = first.value
                    continue writing
                }
                output.append(UInt8(ascii: "}"))
            }

            // The value is written: move to the next element of the innermost open container.
            while let level = levels.last {
                switch level {
                case .list(let elements, let next):
                    if next < elements.count {
                        output.append(UInt8(ascii: ","))
                        levels[levels.count - 1] = .list(elements, next: next + 1)
                        value = elements[next]
                        continue writing
                    }
                    output.append(UInt8(ascii: "]"))
                case .object(let members, let next):
                    if next < members.count {
                        output.append(UInt8(ascii: ","))
                        writeString(members[next].key)
                        output.append(UInt8(ascii: ":"))
                        levels[levels.count - 1] = .object(members, next: next + 1)
                        value = members[next].value
                        continue writing
                    }
                    output.append(UInt8(ascii: "}"))
                }
                levels.removeLast()
            }
            return
        }
    }

    private static func sorted(_ members: [JSONObject.Member]) -> [JSONObject.Member] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private mutating func appendASCII(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func writeInteger(_ integer: Int64) {
        var magnitude = integer.magnitude
        // 20 digits hold UInt64.max; the sign goes in front of them.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
            var start = 21
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude != 0
            if integer < 0 {
                start -= 1
                digits[start] = UInt8(ascii: "-")
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<21]))
        }
    }

    private mutating func writeDouble(_ double: Double) {
        guard double.isFinite else {
            appendASCII("null")
            return
        }
        output.append(contentsOf: double.description.utf8)
    }

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                writeEscape(byte)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(Self.hexDigit(byte >> 4))
            output.append(Self.hexDigit(byte & 0xF))
        }
    }

    /// The lowercase hex digit for a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
