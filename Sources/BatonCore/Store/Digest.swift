/// The hashes record IDs and field keys keep: taken once per ID, when it is made, and then
/// reused by every lookup of it.
enum Digest {
    /// This process's key, so that a server cannot choose IDs that all land in one bucket.
    private static let key = UInt64.random(in: .min ... .max)

    /// A keyed hash of `text`'s UTF-8 bytes, eight at a time: an ID is made for every object a
    /// response holds, and hashing its bytes costs less than `String.hashValue`, which
    /// normalizes the text first. Equal bytes give equal digests; text that is equal as Swift
    /// compares strings but spelled with other bytes (another Unicode normalization) gets
    /// another digest, and so is another ID, as it is on the wire.
    static func of(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { of($0) }
    }

    /// The digest of `bytes`, as ``of(_:)`` takes it of a text's UTF-8 bytes. From eight bytes
    /// on, the last word read overlaps the one before it, so no byte is read one at a time.
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        var state = key ^ (UInt64(count) &* 0x9e37_79b9_7f4a_7c15)
        guard let base = bytes.baseAddress else { return Int(Int64(bitPattern: mix(state))) }
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            var index = 0
            while index + 8 < count {
                state = mix(state ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            return Int(Int64(bitPattern: mix(state ^ raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))))
        }
        var tail: UInt64 = 0
        for index in 0..<count { tail |= UInt64(base[index]) << (UInt64(index) &* 8) }
        return Int(Int64(bitPattern: mix(state ^ tail)))
    }

    /// `digest` mixed with a hash table's `seed`, so that each table orders its buckets
    /// differently and every bit of the digest reaches the low bits the table buckets by.
    @inline(__always)
    static func mixed(_ digest: Int, seed: Int) -> Int {
        Int(Int64(bitPattern: mix(UInt64(bitPattern: Int64(digest ^ seed)))))
    }

    /// SplitMix64's finalizer: every input bit reaches every output bit.
    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits = (bits ^ (bits >> 30)) &* 0xbf58_476d_1ce4_e5b9
        bits = (bits ^ (bits >> 27)) &* 0x94d0_49bb_1331_11eb
        return bits ^ (bits >> 31)
    }
}
