import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Colour for people, plain text for scripts: escape codes only when the stream is a terminal,
/// `NO_COLOR` is unset and `TERM` is not `dumb`.
enum Terminal {
    /// Whether standard error gets colour.
    static let colorsStandardError = wantsColor(descriptor: 2)

    static func wantsColor(descriptor: Int32) -> Bool {
        guard isatty(descriptor) == 1 else { return false }
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
        return true
    }

    /// Diagnostics as `file:line:column: error: message` lines, with `error:` in bold red (and
    /// `warning:` in bold yellow) on a terminal.
    static func diagnostic(_ text: String) -> String {
        guard colorsStandardError else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { painted(String($0)) }.joined(separator: "\n")
    }

    private static func painted(_ line: String) -> String {
        for (word, code) in [(": error:", "1;31"), (": warning:", "1;33")] {
            if let range = line.range(of: word) {
                let label = line[line.index(after: range.lowerBound)..<range.upperBound]
                return line[..<range.lowerBound] + ": \u{1B}[\(code)m\(label.dropFirst())\u{1B}[0m" + line[range.upperBound...]
            }
        }
        return line
    }
}
