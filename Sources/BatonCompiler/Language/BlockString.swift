/// Block strings: the value of raw lines (spec §2.1.12 BlockStringValue()) and printing a value back
/// as a block string that reads to the same value.
package enum BlockString {
    private static let tripleQuote = "\"\"\""
    private static let escapedTripleQuote = "\\\"\"\""

    /// BlockStringValue(rawValue): strips the common indentation of every line but the first, then
    /// the leading and trailing lines that hold only white space, and joins the rest with `\n`.
    /// - Parameter lines: The raw lines, split at line terminators, escapes already applied.
    static func value(ofLines lines: [[UInt8]]) -> String {
        var commonIndent = Int.max
        var firstNonBlank: Int?
        var lastNonBlank = -1
        for (index, line) in lines.enumerated() {
            let indent = leadingWhiteSpace(line)
            if indent == line.count { continue }  // white space only
            if firstNonBlank == nil { firstNonBlank = index }
            lastNonBlank = index
            if index != 0, indent < commonIndent { commonIndent = indent }
        }
        guard let firstNonBlank else { return "" }
        var result: [UInt8] = []
        for index in firstNonBlank...lastNonBlank {
            if index != firstNonBlank { result.append(UInt8(ascii: "\n")) }
            let line = lines[index]
            if index == 0 {
                result.append(contentsOf: line)
            } else {
                result.append(contentsOf: line.dropFirst(min(commonIndent, line.count)))
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The value of a block string's raw text (what lies between the triple quotes).
    /// - Parameter raw: The raw text, with `\"""` escapes still in it.
    package static func value(ofRaw raw: String) -> String {
        let bytes = Array(raw.utf8)
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let code = bytes[index]
            if code == UInt8(ascii: "\\"), bytes[index...].starts(with: Array(escapedTripleQuote.utf8)) {
                current.append(contentsOf: Array(tripleQuote.utf8))
                index += 4
            } else if code == UInt8(ascii: "\n") || code == UInt8(ascii: "\r") {
                lines.append(current)
                current = []
                index += code == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            } else {
                current.append(code)
                index += 1
            }
        }
        lines.append(current)
        return value(ofLines: lines)
    }

    private static func leadingWhiteSpace(_ line: [UInt8]) -> Int {
        var count = 0
        while count < line.count, line[count] == UInt8(ascii: " ") || line[count] == UInt8(ascii: "\t") {
            count += 1
        }
        return count
    }

    /// Whether a block string can hold `value` exactly: no control characters but tab and line feed,
    /// no carriage return, no leading or trailing blank line, and no indentation common to every line
    /// (which BlockStringValue() would strip). As graphql-js's `isPrintableAsBlockString`.
    package static func canPrint(_ value: String) -> Bool {
        if value.isEmpty { return true }
        var isEmptyLine = true
        var hasIndent = false
        var hasCommonIndent = true
        var seenNonEmptyLine = false
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x0D:
                return false
            case 0x0A:
                if isEmptyLine, !seenNonEmptyLine { return false }  // a leading blank line
                seenNonEmptyLine = true
                isEmptyLine = true
                hasIndent = false
            case 0x09, 0x20:
                hasIndent = hasIndent || isEmptyLine
            default:
                hasCommonIndent = hasCommonIndent && hasIndent
                isEmptyLine = false
            }
        }
        if isEmptyLine { return false }  // a trailing blank line
        if hasCommonIndent, seenNonEmptyLine { return false }  // indentation on every line
        return true
    }

    /// A block string literal whose value is `value`, laid out as graphql-js's `printBlockString`
    /// lays it out: on its own lines when it spans lines, is long, or ends in a quote or backslash.
    /// - Parameter value: The string to print.
    package static func print(_ value: String) -> String {
        let escaped = value.replacing(tripleQuote, with: escapedTripleQuote)
        let lines = splitLines(escaped)
        let isSingleLine = lines.count == 1
        let forceLeadingNewLine =
            lines.count > 1
            && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == " " || $0.first == "\t" }
        let hasTrailingTripleQuotes = escaped.hasSuffix(escapedTripleQuote)
        let hasTrailingQuote = value.hasSuffix("\"") && !hasTrailingTripleQuotes
        let hasTrailingSlash = value.hasSuffix("\\")
        let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
        let printAsMultipleLines =
            !isSingleLine || value.utf16.count > 70 || forceTrailingNewLine || forceLeadingNewLine
            || hasTrailingTripleQuotes
        var result = ""
        let skipLeadingNewLine = isSingleLine && (value.first == " " || value.first == "\t")
        if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine {
            result += "\n"
        }
        result += escaped
        if printAsMultipleLines || forceTrailingNewLine {
            result += "\n"
        }
        return tripleQuote + result + tripleQuote
    }

    /// Splits at `\r\n`, `\r` or `\n`.
    private static func splitLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            // "\r\n" is one Character in Swift, so one comparison set covers all three terminators.
            let character = text[index]
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(text[start..<index])
                index = text.index(after: index)
                start = index
            } else {
                index = text.index(after: index)
            }
        }
        lines.append(text[start..<text.endIndex])
        return lines
    }
}
