/// Limits a JSON parse enforces, so hostile input costs bounded time and memory.
public struct JSONParseOptions: Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input fails with
    /// ``JSONParseError/Code/tooDeep``. `[]` has depth 1, `[[]]` depth 2.
    ///
    /// Parsing takes no call stack however deep the input, but releasing a ``JSONValue`` goes down
    /// its nesting on the call stack; keep this limit in the thousands, not the millions.
    public var maximumDepth: Int = 512
    /// The largest input accepted, in bytes; larger input fails with ``JSONParseError/Code/tooLarge``
    /// before any of it is read. `nil` accepts any size.
    public var maximumBytes: Int? = nil

    /// Limits for one parse.
    /// - Parameters:
    ///   - maximumDepth: The deepest nesting of arrays and objects accepted.
    ///   - maximumBytes: The largest input accepted, in bytes, or `nil` for no limit.
    public init(maximumDepth: Int = 512, maximumBytes: Int? = nil) {
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }
}
