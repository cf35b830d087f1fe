/// Reads `--name value` options and positional arguments in order, for the commands' parsers.
struct ArgumentReader {
    private var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> String? {
        remaining.isEmpty ? nil : remaining.removeFirst()
    }

    /// The value that must follow `option`.
    /// - Throws: ``UsageError`` when the command line ends first.
    mutating func value(for option: String) throws(UsageError) -> String {
        guard let value = next() else { throw UsageError("\(option) needs a value") }
        return value
    }
}
