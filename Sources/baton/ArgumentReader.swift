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

    /// The `http` or `https` URL with a host that must follow `option`.
    /// - Throws: ``UsageError`` when the command line ends first or the value is no such URL.
    mutating func httpURL(for option: String) throws(UsageError) -> URL {
        let text = try value(for: option)
        guard let url = URL(string: text), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host() != nil else {
            throw UsageError("\(option) must be an http or https URL, got '\(text)'")
        }
        return url
    }

    /// The positive number of seconds that must follow `option`, as a duration.
    /// - Throws: ``UsageError`` when the command line ends first or the value is no such number.
    mutating func seconds(for option: String) throws(UsageError) -> Duration {
        let text = try value(for: option)
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError("\(option) must be a positive number of seconds, got '\(text)'")
        }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// The value that must follow `option`, one of `Choice`'s raw values (compared after
    /// `normalized`).
    /// - Throws: ``UsageError`` naming `accepted` when the command line ends first or the value is none of them.
    mutating func choice<Choice: RawRepresentable<String>>(
        for option: String, accepted: String, normalized: (String) -> String = { $0 }
    ) throws(UsageError) -> Choice {
        let text = try value(for: option)
        guard let choice = Choice(rawValue: normalized(text)) else {
            throw UsageError("\(option) must be \(accepted), got '\(text)'")
        }
        return choice
    }
}
