/// A filter of record IDs, by their digests: whether it may hold an ID, with no false
/// negatives. Six bits per ID, forty-eight bits per ID planned for: about one ID in 400,000
/// not held is taken for held, which then costs a look at each element, not a wrong answer.
struct RecordFilter: Sendable {
    private var words: [UInt64]
    /// How many IDs were added (each time, held or not).
    private(set) var added = 0
    /// How many bits the filter has.
    private let bits: UInt64

    /// The bits set per ID, and the bits planned per ID.
    private static let bitsPerID = 6
    private static let plannedBitsPerID = 48

    /// An empty filter planned for `count` IDs.
    init(planned count: Int) {
        let words = max(1, (Self.plannedBitsPerID * count + 63) / 64)
        self.words = Array(repeating: 0, count: words)
        bits = UInt64(words * 64)
    }

    /// Whether more IDs were added than the filter was planned for: it then answers "may hold" more often.
    var isCrowded: Bool { UInt64(Self.plannedBitsPerID * added) > bits }

    mutating func insert(_ id: RecordID) {
        var (position, step) = Self.start(id)
        for _ in 0..<Self.bitsPerID {
            let bit = bit(at: position)
            words[bit >> 6] |= 1 << UInt64(bit & 63)
            position &+= step
        }
        added += 1
    }

    /// Whether `id` may have been added; `false`: it was not.
    func mayContain(_ id: RecordID) -> Bool {
        var (position, step) = Self.start(id)
        for _ in 0..<Self.bitsPerID {
            let bit = bit(at: position)
            guard words[bit >> 6] & (1 << UInt64(bit & 63)) != 0 else { return false }
            position &+= step
        }
        return true
    }

    /// The bit a 32-bit position falls on, scaled to the filter's bits by a multiply, not a division.
    private func bit(at position: UInt32) -> Int {
        Int((UInt64(position) &* bits) >> 32)
    }

    /// The first position of `id` and the step to each next one, from the two halves of its digest.
    private static func start(_ id: RecordID) -> (UInt32, UInt32) {
        let digest = UInt64(bitPattern: Int64(id.digest))
        return (UInt32(truncatingIfNeeded: digest), UInt32(truncatingIfNeeded: digest >> 32) | 1)
    }
}
