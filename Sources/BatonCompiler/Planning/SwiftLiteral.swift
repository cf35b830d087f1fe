import BatonCore

/// Swift source spellings of values, for generated code.
enum SwiftLiteral {
    /// `text` as a Swift string literal, with quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A JSON value as the Swift expression of a `JSONValue`.
    ///
    /// Recursion follows the value's nesting, which the parser bounds for values from documents.
    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: return ".null"
        case .bool(let flag): return ".bool(\(flag))"
        case .int(let number): return ".int(\(number))"
        case .double(let number):
            if number.isNaN { return ".double(.nan)" }
            if number.isInfinite { return number < 0 ? ".double(-.infinity)" : ".double(.infinity)" }
            return ".double(\(number))"
        case .number(let text): return ".number(\(string(text)))"
        case .string(let text): return ".string(\(string(text)))"
        case .list(let elements): return ".list([\(elements.map(json).joined(separator: ", "))])"
        case .object(let object):
            if object.isEmpty { return ".object([:])" }
            let members = object.members.map { "\(string($0.key)): \(json($0.value))" }
            return ".object([\(members.joined(separator: ", "))])"
        }
    }

    /// A multi-line raw string literal holding `text`, each line indented by `indent`; the
    /// number of `#` is chosen so nothing in the text can end the literal or start an escape.
    static func multilineRaw(_ text: String, indent: String) -> String {
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : indent + line
        }
        return hashes + "\"\"\"\n" + lines.joined(separator: "\n") + "\n" + indent + "\"\"\"" + hashes
    }
}
