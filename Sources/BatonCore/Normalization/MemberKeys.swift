/// The member keys an object reader tells apart, matched against a key's raw bytes: each key
/// of up to 16 bytes by its two words (as ``KeyCache`` describes keys), a longer one byte by byte.
struct MemberKeys {
    private struct Key {
        var head: UInt64
        var tail: UInt64
        var bytes: [UInt8]
        /// Whether the key has no quote, backslash, control or non-ASCII byte, so its bytes
        /// followed by a quote are the whole of a JSON string.
        var isPlain: Bool
        /// The member's start as compact JSON writes it, `"key":`, in two words, lowest byte
        /// first; its length is 0 when it does not fit in 16 bytes or the key is not plain.
        var member: (head: UInt64, tail: UInt64, length: Int)
    }

    private var keys: [Key] = []

    /// How many keys there are; their indices run from 0.
    var count: Int { keys.count }

    /// Keys `keys`, each given an index by its place in the list.
    init(_ keys: [String]) {
        self.keys = keys.map { key in
            let bytes = Array(key.utf8)
            let words = bytes.withUnsafeBufferPointer { buffer -> (UInt64, UInt64) in
                guard let base = buffer.baseAddress, buffer.count <= KeyCache.maximumLength else { return (0, 0) }
                return JSONParser.keyWords(base, length: buffer.count, available: buffer.count)
            }
            let isPlain = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != 0x22 && $0 != 0x5C }
            return Key(head: words.0, tail: words.1, bytes: bytes, isPlain: isPlain, member: Self.member(bytes, isPlain: isPlain))
        }
    }

    /// `"key":` packed as ``Key/member`` describes.
    private static func member(_ key: [UInt8], isPlain: Bool) -> (head: UInt64, tail: UInt64, length: Int) {
        let member = [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\""), UInt8(ascii: ":")]
        guard isPlain, member.count <= 16 else { return (0, 0, 0) }
        var words: (UInt64, UInt64) = (0, 0)
        for (offset, byte) in member.enumerated() {
            if offset < 8 {
                words.0 |= UInt64(byte) << (UInt64(offset) * 8)
            } else {
                words.1 |= UInt64(byte) << (UInt64(offset - 8) * 8)
            }
        }
        return (words.0, words.1, member.count)
    }

    /// The length of `"key":` for the key at `index` when the bytes at `start` begin with it
    /// (with 16 bytes readable from there); 0 otherwise, or when the key has no such form.
    @inline(__always)
    func memberLength(_ index: Int, at start: UnsafePointer<UInt8>) -> Int {
        let member = keys[index].member
        guard member.length > 0 else { return 0 }
        let raw = UnsafeRawPointer(start)
        let first = raw.loadUnaligned(as: UInt64.self)
        if member.length <= 8 {
            let mask: UInt64 = member.length == 8 ? ~0 : (1 << (UInt64(member.length) &* 8)) &- 1
            return first & mask == member.head ? member.length : 0
        }
        let mask: UInt64 = member.length == 16 ? ~0 : (1 << (UInt64(member.length - 8) &* 8)) &- 1
        guard first == member.head, raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & mask == member.tail else { return 0 }
        return member.length
    }

    /// The length in bytes of the key at `index`.
    func length(of index: Int) -> Int { keys[index].bytes.count }

    /// Whether the bytes at `start` (with `available` readable from there) are the key at
    /// `index` and then its closing quote. A key holds no quote or backslash of its own, so
    /// these bytes are then that key's whole string, with no escape.
    @inline(__always)
    func isAt(_ index: Int, _ start: UnsafePointer<UInt8>, available: Int) -> Bool {
        guard index >= 0, index < keys.count else { return false }
        let length = keys[index].bytes.count
        guard length > 0, length <= KeyCache.maximumLength, length < available, start[length] == 0x22 else { return false }
        let (head, tail) = JSONParser.keyWords(start, length: length, available: available)
        return keys[index].head == head && keys[index].tail == tail && keys[index].isPlain
    }

    /// The index of the key whose bytes are the `length` at `start` (with `available` bytes
    /// readable from there); -1 when none is.
    @inline(__always)
    func index(of start: UnsafePointer<UInt8>, length: Int, available: Int) -> Int {
        if length <= KeyCache.maximumLength {
            let (head, tail) = JSONParser.keyWords(start, length: length, available: available)
            var index = 0
            while index < keys.count {
                if keys[index].head == head && keys[index].tail == tail && keys[index].bytes.count == length { return index }
                index += 1
            }
            return -1
        }
        var index = 0
        while index < keys.count {
            if keys[index].bytes.count == length {
                var offset = 0
                while offset < length, keys[index].bytes[offset] == start[offset] { offset += 1 }
                if offset == length { return index }
            }
            index += 1
        }
        return -1
    }
}
