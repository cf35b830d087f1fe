/// Finding the first byte that breaks UTF-8, for an error's position.
///
/// Well-formed sequences are those of the Unicode Standard, Table 3-7: no overlong forms, no
/// encoded surrogates (U+D800–U+DFFF), nothing above U+10FFFF.
enum UTF8Validation {
    /// The offset of the first byte in `start..<end` of `bytes` that is not part of a well-formed
    /// UTF-8 sequence, or `nil` when the whole range is well formed.
    static func firstInvalidOffset(in bytes: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            // The second byte has the lead's own range; the rest are plain continuation bytes.
            for position in 1..<length {
                let next = index + position
                guard next < end else { return next }
                let byte = bytes[next]
                let range: ClosedRange<UInt8> = position == 1 ? low...high : 0x80...0xBF
                guard range.contains(byte) else { return next }
            }
            index += length
        }
        return nil
    }
}
