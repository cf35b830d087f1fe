/// The one MessagePack form a record takes in Redis: a map of strings to strings. Redis's Lua
/// (`cmsgpack`) unpacks and packs it on the server, so a write merges a record field by field
/// in one script while a new record is stored with one command, not one argument per field.
enum MessagePackMap {
    /// Appends a map header for `count` entries (fixmap, map16 or map32).
    static func appendHeader(_ count: Int, to bytes: inout [UInt8]) {
        appendHeader(count, tags: (0x80, 0xDE, 0xDF), to: &bytes)
    }

    /// Appends an array header for `count` items (fixarray, array16 or array32).
    static func appendArrayHeader(_ count: Int, to bytes: inout [UInt8]) {
        appendHeader(count, tags: (0x90, 0xDC, 0xDD), to: &bytes)
    }

    /// A map's or array's header: the fix form's tag with the count under 16, else the 16- or
    /// 32-bit form's tag and the count.
    private static func appendHeader(_ count: Int, tags: (fix: UInt8, wide16: UInt8, wide32: UInt8), to bytes: inout [UInt8]) {
        if count < 16 {
            bytes.append(tags.fix | UInt8(count))
        } else if count <= 0xFFFF {
            bytes.append(tags.wide16)
            appendBigEndian(UInt64(count), width: 2, to: &bytes)
        } else {
            bytes.append(tags.wide32)
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
        var reader = MessagePackReader(bytes: bytes)
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

}

/// Reads the MessagePack the store and its scripts write: maps and arrays of strings, and integers.
struct MessagePackReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func arrayHeader() throws(DamagedValue) -> Int {
        try header(tags: (0x90, 0xDC, 0xDD), of: "an array")
    }

    mutating func mapHeader() throws(DamagedValue) -> Int {
        try header(tags: (0x80, 0xDE, 0xDF), of: "a map")
    }

    /// A map's or array's count: the fix form's tag holds it, the 16- and 32-bit forms' follow it.
    private mutating func header(tags: (fix: UInt8, wide16: UInt8, wide32: UInt8), of what: String) throws(DamagedValue) -> Int {
        let tag = try byte()
        if tag & 0xF0 == tags.fix { return Int(tag & 0x0F) }
        if tag == tags.wide16 { return try bigEndian(2) }
        if tag == tags.wide32 { return try bigEndian(4) }
        throw DamagedValue(reason: "not \(what) in MessagePack (tag \(tag))")
    }

    /// An integer (`cmsgpack` packs a Lua number that is whole as one).
    mutating func integer() throws(DamagedValue) -> Int64 {
        let tag = try byte()
        switch tag {
        case 0x00...0x7F: return Int64(tag)
        case 0xE0...0xFF: return Int64(Int8(bitPattern: tag))
        case 0xCC: return Int64(try bigEndian(1))
        case 0xCD: return Int64(try bigEndian(2))
        case 0xCE: return Int64(try bigEndian(4))
        case 0xCF: return Int64(bitPattern: UInt64(truncatingIfNeeded: try bigEndian(8)))
        case 0xD0: return Int64(Int8(truncatingIfNeeded: try bigEndian(1)))
        case 0xD1: return Int64(Int16(truncatingIfNeeded: try bigEndian(2)))
        case 0xD2: return Int64(Int32(truncatingIfNeeded: try bigEndian(4)))
        case 0xD3: return Int64(bitPattern: UInt64(truncatingIfNeeded: try bigEndian(8)))
        default: throw DamagedValue(reason: "not a MessagePack integer (tag \(tag))")
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
