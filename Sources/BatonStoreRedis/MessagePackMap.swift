/// The one MessagePack form a record takes in Redis: a map of strings to strings. Redis's Lua
/// (`cmsgpack`) unpacks and packs it on the server, so a write merges a record field by field
/// in one script while a new record is stored with one command, not one argument per field.
enum MessagePackMap {
    /// Appends a map header for `count` entries (fixmap, map16 or map32).
    static func appendHeader(_ count: Int, to bytes: inout [UInt8]) {
        if count < 16 {
            bytes.append(0x80 | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(0xDE)
            appendBigEndian(UInt64(count), width: 2, to: &bytes)
        } else {
            bytes.append(0xDF)
            appendBigEndian(UInt64(count), width: 4, to: &bytes)
        }
    }

    /// Appends `string` as a MessagePack string (fixstr, str8, str16 or str32); `cmsgpack` reads
    /// strings, not MessagePack's binary forms, and a string's bytes need not be UTF-8.
    static func appendString(_ string: some Collection<UInt8>, to bytes: inout [UInt8]) {
        let count = string.count
        if count < 32 {
            bytes.append(0xA0 | UInt8(count))
        } else if count <= 0xFF {
            bytes.append(0xD9)
            bytes.append(UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(0xDA)
            appendBigEndian(UInt64(count), width: 2, to: &bytes)
        } else {
            bytes.append(0xDB)
            appendBigEndian(UInt64(count), width: 4, to: &bytes)
        }
        bytes.append(contentsOf: string)
    }

    /// Appends a string whose bytes `build` appends, with no copy through a buffer of its own:
    /// a str8 header is written first and its length set after; a longer string (rare: over 255
    /// bytes) is moved behind a wider header.
    static func appendString(to bytes: inout [UInt8], building build: (inout [UInt8]) -> Void) {
        let header = bytes.count
        bytes.append(0xD9)
        bytes.append(0)
        build(&bytes)
        let count = bytes.count - header - 2
        if count <= 0xFF {
            bytes[header + 1] = UInt8(count)
            return
        }
        let body = Array(bytes[(header + 2)...])
        bytes.removeSubrange(header...)
        appendString(body, to: &bytes)
    }

    /// Calls `body` with each key and value of a map of strings, in the map's order.
    /// - Throws: ``DamagedValue`` for bytes that are not such a map.
    static func forEachEntry(
        in bytes: [UInt8], _ body: (ArraySlice<UInt8>, ArraySlice<UInt8>) throws(DamagedValue) -> Void
    ) throws(DamagedValue) {
        var reader = Reader(bytes: bytes)
        let count = try reader.mapHeader()
        for _ in 0..<count {
            let key = try reader.string()
            try body(key, try reader.string())
        }
        guard reader.offset == bytes.count else { throw DamagedValue(reason: "bytes after a record's map") }
    }

    private static func appendBigEndian(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func mapHeader() throws(DamagedValue) -> Int {
            let tag = try byte()
            switch tag {
            case 0x80...0x8F: return Int(tag & 0x0F)
            case 0xDE: return try bigEndian(2)
            case 0xDF: return try bigEndian(4)
            default: throw DamagedValue(reason: "a record that is not a MessagePack map (tag \(tag))")
            }
        }

        /// A string, or a binary value, which another writer may have used for the same bytes.
        mutating func string() throws(DamagedValue) -> ArraySlice<UInt8> {
            let tag = try byte()
            let count: Int
            switch tag {
            case 0xA0...0xBF: count = Int(tag & 0x1F)
            case 0xD9, 0xC4: count = try bigEndian(1)
            case 0xDA, 0xC5: count = try bigEndian(2)
            case 0xDB, 0xC6: count = try bigEndian(4)
            default: throw DamagedValue(reason: "a record entry that is not a MessagePack string (tag \(tag))")
            }
            guard count <= bytes.count - offset else { throw DamagedValue(reason: "a record cut short") }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        private mutating func byte() throws(DamagedValue) -> UInt8 {
            guard offset < bytes.count else { throw DamagedValue(reason: "a record cut short") }
            defer { offset += 1 }
            return bytes[offset]
        }

        private mutating func bigEndian(_ width: Int) throws(DamagedValue) -> Int {
            var value = 0
            for _ in 0..<width { value = value << 8 | Int(try byte()) }
            return value
        }
    }
}
