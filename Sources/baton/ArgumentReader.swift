import BatonCore
import Foundation

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

    /// The `'Name: value'` header field that must follow `option`.
    /// - Throws: ``UsageError`` when the command line ends first or the value has no name.
    mutating func headerField(for option: String) throws(UsageError) -> HeaderField {
        let text = try value(for: option)
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw UsageError("\(option) must look like 'Name: value', got '\(text)'")
        }
        let name = text[..<colon].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return HeaderField(name: name, value: value)
    }
}
