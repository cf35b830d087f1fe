/// A command's arguments in one buffer, each followed by a NUL, so a write of thousands of
/// records is built with few allocations and sent with no further copy.
struct RedisCommand {
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { starts.count }

    mutating func append(_ text: String) {
        start()
        bytes.append(contentsOf: text.utf8)
        end()
    }

    mutating func append(_ raw: some Sequence<UInt8>) {
        start()
        bytes.append(contentsOf: raw)
        end()
    }

    /// Starts an argument whose bytes the caller appends to ``bytes`` through `build`.
    mutating func append(building build: (inout [UInt8]) -> Void) {
        start()
        build(&bytes)
        end()
    }

    private mutating func start() { starts.append(bytes.count) }
    private mutating func end() { bytes.append(0) }

    /// Each argument's length.
    var lengths: [Int] {
        var lengths = [Int](repeating: 0, count: starts.count)
        for index in starts.indices {
            let next = index + 1 < starts.count ? starts[index + 1] : bytes.count
            lengths[index] = next - starts[index] - 1
        }
        return lengths
    }
}
