/// The short object keys one parse has already read, so a key seen before (the same field of
/// every item in a list) costs a lookup instead of a new `String`.
///
/// Holds plain ASCII keys of at most 16 bytes, which its `head`, `tail` and `length` describe
/// exactly; the table is direct-mapped by the key's fingerprint, and a clash just replaces the slot.
struct KeyCache {
    /// The longest key the cache holds: two 8-byte words cover it.
    static let maximumLength = 16

    private struct Entry {
        var head: UInt64
        var tail: UInt64
        var length: Int
        var key: String
    }

    private var entries: [Entry] = []
    private var mask = 0
    private let slots: Int

    /// A cache sized for an input of `inputBytes` bytes: big inputs repeat keys more.
    init(inputBytes: Int) {
        slots = inputBytes > 16_384 ? 256 : 32
    }

    /// The key for plain ASCII `bytes` of `length` ≤ ``maximumLength`` bytes, described by `head`
    /// and `tail` (see ``JSONParser/keyWords(_:length:available:)``).
    @inline(__always)
    mutating func key(
        _ bytes: UnsafePointer<UInt8>,
        length: Int,
        head: UInt64,
        tail: UInt64,
        fingerprint: UInt64
    ) -> String {
        if entries.isEmpty {
            entries = Array(repeating: Entry(head: 0, tail: 0, length: -1, key: ""), count: slots)
            mask = slots - 1
        }
        let slot = Int(truncatingIfNeeded: fingerprint >> 3) & mask
        if entries[slot].length == length && entries[slot].head == head && entries[slot].tail == tail {
            return entries[slot].key
        }
        let key = String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        entries[slot] = Entry(head: head, tail: tail, length: length, key: key)
        return key
    }
}
