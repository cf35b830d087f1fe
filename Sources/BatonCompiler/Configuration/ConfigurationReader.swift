import BatonCore

/// Reads the values of `baton.json` strictly, with errors that name the key, the value and
/// what would be accepted.
struct ConfigurationReader {
    let file: String

    func error(_ key: String, _ value: JSONValue?, accepted: String) -> ConfigurationError {
        ConfigurationError(file: file, key: key, value: value.map(Self.compact) ?? "", accepted: accepted)
    }

    /// A value as compact JSON, shortened when long.
    static func compact(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    func string(_ value: JSONValue?, key: String) throws(ConfigurationError) -> String {
        guard case .string(let text)? = value, !text.isEmpty else {
            throw error(key, value, accepted: "a non-empty string")
        }
        return text
    }

    func stringOrStrings(_ value: JSONValue?, key: String) throws(ConfigurationError) -> [String] {
        switch value {
        case .string(let text)? where !text.isEmpty:
            return [text]
        case .list(let elements)? where !elements.isEmpty:
            var result: [String] = []
            for element in elements {
                guard case .string(let text) = element, !text.isEmpty else {
                    throw error(key, value, accepted: "a non-empty string or a non-empty list of non-empty strings")
                }
                result.append(text)
            }
            return result
        default:
            throw error(key, value, accepted: "a non-empty string or a non-empty list of non-empty strings")
        }
    }

    func oneOf(_ value: JSONValue?, key: String, _ choices: [String]) throws(ConfigurationError) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value, choices.contains(text) else {
            var error = error(key, value, accepted: choices.map { "\"\($0)\"" }.joined(separator: " or "))
            error.suggestions = suggestionList(value.stringValue ?? "", choices)
            throw error
        }
        return text
    }

    /// `{"DateTime": "Foundation.Date"}`: GraphQL scalar names to Swift type names.
    func customScalars(_ value: JSONValue?) throws(ConfigurationError) -> [String: String] {
        guard let value else { return [:] }
        guard case .object(let object) = value else {
            throw error("customScalars", value, accepted: "an object from scalar names to Swift type names")
        }
        var result: [String: String] = [:]
        for member in object {
            guard case .string(let type) = member.value, Self.isSwiftTypeName(type) else {
                throw error(
                    "customScalars.\(member.key)", member.value,
                    accepted: "a Swift type name conforming to GraphQLScalar, such as \"String\" or \"Foundation.Date\"")
            }
            result[member.key] = type
        }
        return result
    }

    /// `{"User": ["id"], "Post": "slug"}`: type names to the fields that identify a record.
    func cacheKeys(_ value: JSONValue?) throws(ConfigurationError) -> [String: [String]] {
        guard let value else { return [:] }
        guard case .object(let object) = value else {
            throw error("cacheKeys", value, accepted: "an object from type names to a field name or a list of field names")
        }
        var result: [String: [String]] = [:]
        for member in object {
            result[member.key] = try stringOrStrings(member.value, key: "cacheKeys.\(member.key)")
        }
        return result
    }

    /// `"API"`: what generated schema type names start with; empty when absent. It must read
    /// as the start of a Swift identifier, so every prefixed name is one.
    func schemaTypePrefix(_ value: JSONValue?) throws(ConfigurationError) -> String {
        guard let value else { return "" }
        guard case .string(let prefix) = value, prefix.isEmpty || Self.isIdentifier(prefix) else {
            throw error(
                "schemaTypePrefix", value,
                accepted: "a string of letters, digits and _ that does not start with a digit, such as \"API\"")
        }
        return prefix
    }

    /// Whether `text` reads as one Swift identifier: a letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    static func isIdentifier(_ text: String) -> Bool { isIdentifier(text[...]) }

    /// Whether `text` reads as a Swift type name: dotted identifiers.
    static func isSwiftTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy(isIdentifier)
    }
}
