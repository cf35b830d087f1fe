/// Helpers the fuzz tests share: picking, cutting bytes into chunks, and mutating them.
extension SeededGenerator {
    /// A random element of a non-empty array.
    public mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[Int.random(in: 0..<elements.count, using: &self)]
    }

    /// `bytes` cut at random places into chunks that join back to it: sometimes one chunk,
    /// sometimes one byte per chunk, usually pieces of random length up to `largest`.
    public mutating func chunks(of bytes: [UInt8], largest: Int = 64) -> [[UInt8]] {
        switch Int.random(in: 0..<8, using: &self) {
        case 0: return [bytes]
        case 1: return bytes.map { [$0] }
        default:
            var chunks: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                // Empty chunks are legal too: a client may yield nothing.
                let length = Int.random(in: 0...largest, using: &self)
                let end = min(bytes.count, start + length)
                chunks.append(Array(bytes[start..<end]))
                start = end
            }
            return chunks
        }
    }

    /// One to four edits drawn from `pieces` and random bytes: a byte replaced, a piece
    /// inserted, bytes deleted, a span duplicated, or the bytes cut short.
    public mutating func mutate(_ input: [UInt8], pieces: [[UInt8]]) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &self) {
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &self)
            switch Int.random(in: 0..<6, using: &self) {
            case 0 where !bytes.isEmpty:
                bytes[position] = UInt8.random(in: 0...255, using: &self)
            case 1, 2:
                bytes.insert(contentsOf: pick(pieces), at: position)
            case 3 where !bytes.isEmpty:
                bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...8, using: &self)))
            case 4 where !bytes.isEmpty:
                let span = bytes[position..<min(bytes.count, position + Int.random(in: 1...40, using: &self))]
                bytes.insert(contentsOf: span, at: Int.random(in: 0...bytes.count, using: &self))
            default:
                bytes = Array(bytes.prefix(position))
            }
        }
        return bytes
    }

    /// Up to `count` random bytes, mostly from `alphabet`.
    public mutating func bytes(upTo count: Int, alphabet: [UInt8]) -> [UInt8] {
        (0..<Int.random(in: 0...count, using: &self)).map { _ in
            Int.random(in: 0..<4, using: &self) == 0 ? UInt8.random(in: 0...255, using: &self) : pick(alphabet)
        }
    }
}
