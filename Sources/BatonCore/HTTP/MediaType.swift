/// A parsed `Content-Type` value (RFC 9110 §8.3.1): `type/subtype` and its parameters.
struct MediaType: Sendable, Hashable {
    /// `type/subtype`, lowercased.
    var essence: String
    /// Parameters by lowercased name, quoted values unquoted; the first of a repeated name wins.
    var parameters: [String: String]

    /// The value of the parameter named `name` (case-insensitive).
    func parameter(_ name: String) -> String? {
        parameters[name.lowercased()]
    }

    /// Reads a `Content-Type` value; `nil` when it has no `type/subtype`.
    init?(_ text: String) {
        var pieces = Self.splitParameters(text)[...]
        guard let first = pieces.popFirst()?.trimmingSpaces.lowercased(),
            let slash = first.firstIndex(of: "/"),
            first.startIndex < slash, first.index(after: slash) < first.endIndex
        else { return nil }
        essence = first
        parameters = [:]
        for piece in pieces {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            let name = piece[..<equals].trimmingSpaces.lowercased()
            var value = piece[piece.index(after: equals)...].trimmingSpaces
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = Self.unquote(value.dropFirst().dropLast())
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
        }
    }

    /// Splits at semicolons outside quoted strings, on the UTF-8 bytes (the delimiters are ASCII,
    /// so every cut falls between characters): a head is classified once per exchange.
    private static func splitParameters(_ text: String) -> [Substring] {
        var pieces: [Substring] = []
        var start = text.startIndex
        var quoted = false
        var escaped = false
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if escaped {
                escaped = false
            } else if quoted && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if byte == UInt8(ascii: ";") && !quoted {
                pieces.append(text[start..<index])
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        pieces.append(text[start...])
        return pieces
    }

    private static func unquote(_ text: Substring) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }
}

extension MediaType {
    /// What a GraphQL-over-HTTP client can do with a body of this media type.
    enum Kind: Sendable, Hashable {
        /// `application/graphql-response+json`: the spec's own type; status codes carry meaning.
        case graphQLResponse
        /// `application/json` or another `+json` type: one response, status codes are plain HTTP.
        case json
        /// `multipart/mixed`: incremental delivery.
        case multipartMixed
        /// `text/event-stream`: graphql-sse.
        case eventStream
        /// Anything else.
        case other
    }

    var kind: Kind {
        switch essence {
        case "application/graphql-response+json": return .graphQLResponse
        case "application/json": return .json
        case "multipart/mixed": return .multipartMixed
        case "text/event-stream": return .eventStream
        default: return essence.hasSuffix("+json") ? .json : .other
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (header whitespace, RFC 9110 §5.6.3).
    var trimmingSpaces: String {
        // On the UTF-8 bytes: a space or tab is one byte, so the first and the one after the last
        // byte that is neither fall between characters.
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let text = Substring(self)
        guard let first = text.utf8.firstIndex(where: { !isSpace($0) }), let last = text.utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first..<text.utf8.index(after: last)])
    }
}
