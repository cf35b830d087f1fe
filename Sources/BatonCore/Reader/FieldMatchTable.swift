/// The entries of one object's selections by storage key, in an open-addressing table keyed by
/// the keys' hashes: how the walk matches a record's fields to the entries selecting them in
/// one pass over the record, with no hashing and, but for a field selected, no string compared.
struct FieldMatchTable: Sendable {
    /// Entry index + 1 per bucket; 0 for an empty bucket.
    private let buckets: [Int]
    private let mask: Int
    private let keys: [FieldKey]
    /// For each entry, the next entry with the same storage key, or -1.
    private let sameKey: [Int]

    /// The table of `keys`, the storage keys of the entries in order.
    init(_ keys: [FieldKey]) {
        var size = 8
        while size < 2 * keys.count { size *= 2 }
        var buckets = [Int](repeating: 0, count: size)
        var sameKey = [Int](repeating: -1, count: keys.count)
        var last: [FieldKey: Int] = [:]
        for (index, key) in keys.enumerated() {
            if let previous = last[key] {
                sameKey[previous] = index
            } else {
                var bucket = key.digest & (size - 1)
                while buckets[bucket] != 0 { bucket = (bucket + 1) & (size - 1) }
                buckets[bucket] = index + 1
            }
            last[key] = index
        }
        self.buckets = buckets
        mask = size - 1
        self.keys = keys
        self.sameKey = sameKey
    }

    /// Calls `body` with the index of every entry whose storage key is `key`, in order.
    func forEachEntry(matching key: FieldKey, _ body: (Int) -> Void) {
        var bucket = key.digest & mask
        while true {
            let held = buckets[bucket]
            if held == 0 { return }
            if keys[held - 1] == key {
                var index = held - 1
                while index >= 0 {
                    body(index)
                    index = sameKey[index]
                }
                return
            }
            bucket = (bucket + 1) & mask
        }
    }
}
