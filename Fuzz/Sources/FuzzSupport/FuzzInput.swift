/// The bytes libFuzzer hands a target, and the ways the targets cut them.
public enum FuzzInput {
    /// The `size` bytes at `data` as an array (libFuzzer passes a null pointer for an empty input).
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// `bytes` cut into chunks of `size` bytes (the last one shorter), the way a socket may
    /// deliver them; one chunk when `size` is 0.
    public static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        guard size > 0, !bytes.isEmpty else { return [bytes[...]] }
        return stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min(bytes.count, $0 + size)] }
    }

    /// Stops the process so libFuzzer records the input: an invariant failed.
    public static func fail(_ message: @autoclosure () -> String) -> Never {
        fatalError("fuzz invariant: \(message())")
    }
}
