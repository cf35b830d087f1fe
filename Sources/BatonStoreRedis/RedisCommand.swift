/// A command's arguments in one buffer, each followed by a NUL, so a write of thousands of
/// records is built with few allocations and sent with no further copy.
struct RedisCommand {
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int] = []

    init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// An `EVALSHA` of `script` with `keyCount` keys, the script's SHA-1 left for the connection
    /// to fill in (``RedisConnection/evaluate(_:)``), since only the server computes it.
    init(evaluating script: RedisScript, keyCount: Int, capacity: Int = 0) {
        self.init(capacity: capacity + 64)
        self.script = script
        append("EVALSHA")
        append(repeatElement(UInt8(ascii: "0"), count: 40))
        append(String(keyCount))
    }

    /// An `EVAL` of `script`'s source: inside a `MULTI`, where an `EVALSHA` of a script the
    /// server lost would fail only at `EXEC`, after the commands before it were applied.
    init(evaluatingSource script: RedisScript, keyCount: Int, capacity: Int = 0) {
        self.init(capacity: capacity + script.source.utf8.count + 16)
        append("EVAL")
        append(script.source)
        append(String(keyCount))
    }

    /// The script an `EVALSHA` command runs.
    private(set) var script: RedisScript?

    /// Sets the SHA-1 of an `EVALSHA` command's script.
    mutating func setScriptSHA(_ sha: [UInt8]) {
        precondition(sha.count == 40 && count > 1)
        bytes.replaceSubrange(starts[1]..<starts[1] + 40, with: sha)
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
