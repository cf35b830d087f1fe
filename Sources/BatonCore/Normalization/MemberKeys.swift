/// The member keys an object reader tells apart, matched against a key's raw bytes: each key
/// of up to 16 bytes by its two words (as ``KeyCache`` describes keys), a longer one byte by byte.
struct MemberKeys {
    private struct Key {
        var head: UInt64
        var tail: UInt64
        var bytes: [UInt8]
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
            return Key(head: words.0, tail: words.1, bytes: bytes)
        }
    }

    /// The index of the key whose bytes are the `length` at `start` (with `available` bytes
    /// readable from there), trying `hint` first; -1 when none is.
    @inline(__always)
    func index(of start: UnsafePointer<UInt8>, length: Int, available: Int, hint: Int) -> Int {
        if length <= KeyCache.maximumLength {
            let (head, tail) = JSONParser.keyWords(start, length: length, available: available)
            if hint >= 0, hint < keys.count, keys[hint].head == head, keys[hint].tail == tail, keys[hint].bytes.count == length {
                return hint
            }
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
