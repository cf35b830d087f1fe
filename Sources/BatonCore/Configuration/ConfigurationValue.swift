import struct Foundation.URL

/// One value of `baton.json` with its key path, read strictly: each accessor accepts one kind of
/// value and throws a ``ConfigurationError`` naming the path, the value and what is accepted.
///
/// A plug-in reads its options through it (``PluginOptions``), so its errors read like the
/// file's own. Strings expand `${VARIABLE}` from the environment; an unset variable is an error
/// naming it, and no error ever shows what a variable holds.
public struct ConfigurationValue: Sendable {
    /// The file, for errors.
    public let file: String
    /// The key path, such as `transport.options.headers.Authorization`; empty for the file itself.
    public let path: String
    /// The JSON there; `nil` when the key is absent.
    public let json: JSONValue?
    /// Where `${VARIABLE}` is looked up; `nil` to check the syntax of references only.
    let environment: [String: String]?

    /// A value of `file` at `path`.
    /// - Parameters:
    ///   - json: the JSON there, or `nil` when absent.
    ///   - path: its key path.
    ///   - file: the file's name, for errors.
    ///   - environment: where `${VARIABLE}` is looked up; `nil` checks references without expanding.
    public init(_ json: JSONValue?, path: String = "", file: String = "baton.json", environment: [String: String]? = nil) {
        self.json = json
        self.path = path
        self.file = file
        self.environment = environment
    }

    /// Whether the key is absent.
    public var isAbsent: Bool { json == nil }

    /// An error about this value.
    /// - Parameters:
    ///   - accepted: what would be accepted here, in words.
    ///   - suggestions: accepted values near this one.
    public func error(accepted: String, suggestions: [String] = []) -> ConfigurationError {
        ConfigurationError(file: file, key: path, value: json.map(Self.compact) ?? "", accepted: accepted, suggestions: suggestions)
    }

    /// The value at `key` under this one (an object's member, read or not).
    func member(_ key: String, _ value: JSONValue?) -> ConfigurationValue {
        ConfigurationValue(value, path: path.isEmpty ? key : "\(path).\(key)", file: file, environment: environment)
    }

    /// The element at `index` of this list.
    func element(_ index: Int, _ value: JSONValue) -> ConfigurationValue {
        ConfigurationValue(value, path: "\(path)[\(index)]", file: file, environment: environment)
    }

    /// An object whose keys are among `keys`; an absent value reads as an empty object. Keys
    /// named `//` are comments and are skipped.
    /// - Parameter keys: the keys accepted.
    /// - Throws: ``ConfigurationError`` for another kind of value or an unknown key, with the
    ///   known keys near it.
    public func object(keys: [String]) throws(ConfigurationError) -> ConfigurationObject {
        guard let json else { return ConfigurationObject(value: self, members: [:]) }
        guard case .object(let members) = json else {
            throw error(accepted: "an object with the keys " + Self.quoted(keys, joinedBy: ", "))
        }
        for member in members where member.key != "//" && !keys.contains(member.key) {
            let accepted =
                keys.isEmpty
                ? "no keys: \"\(path)\" takes none"
                : "one of the keys " + Self.quoted(keys, joinedBy: ", ") + (path.isEmpty ? "" : " in \"\(path)\"")
            throw self.member(member.key, member.value).error(accepted: accepted, suggestions: Suggestions.list(member.key, keys))
        }
        var read: [String: JSONValue] = [:]
        for member in members where member.key != "//" { read[member.key] = member.value }
        return ConfigurationObject(value: self, members: read)
    }

    /// A non-empty string, `${VARIABLE}` references expanded; `nil` when absent.
    /// - Throws: ``ConfigurationError`` for another kind of value, an empty string, or a reference
    ///   to an unset variable.
    public func string() throws(ConfigurationError) -> String? {
        guard let json else { return nil }
        guard case .string(let text) = json, !text.isEmpty else { throw error(accepted: "a non-empty string") }
        return try expanded(text)
    }

    /// One of `choices`; `nil` when absent.
    /// - Throws: ``ConfigurationError`` for anything else, with the choices near it.
    public func oneOf(_ choices: [String]) throws(ConfigurationError) -> String? {
        guard let json else { return nil }
        guard case .string(let text) = json, choices.contains(text) else {
            throw error(accepted: Self.quoted(choices, joinedBy: " or "), suggestions: Suggestions.list(json.stringValue ?? "", choices))
        }
        return text
    }

    /// A positive number of seconds, as a duration; `nil` when absent.
    /// - Throws: ``ConfigurationError`` for anything else.
    public func seconds() throws(ConfigurationError) -> Duration? {
        guard let json else { return nil }
        guard let seconds = json.doubleValue ?? json.intValue.map(Double.init), seconds > 0, seconds.isFinite, seconds < 1e9 else {
            throw error(accepted: "a positive number of seconds, such as 30 or 2.5")
        }
        return .milliseconds(Int64((seconds * 1000).rounded()))
    }

    /// A whole number in `range`; `nil` when absent.
    /// - Throws: ``ConfigurationError`` for anything else.
    public func integer(in range: ClosedRange<Int>) throws(ConfigurationError) -> Int? {
        guard let json else { return nil }
        guard let value = json.intValue, let integer = Int(exactly: value), range.contains(integer) else {
            throw error(accepted: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    /// `true` or `false`; `nil` when absent.
    /// - Throws: ``ConfigurationError`` for anything else.
    public func bool() throws(ConfigurationError) -> Bool? {
        guard let json else { return nil }
        guard case .bool(let value) = json else { throw error(accepted: "true or false") }
        return value
    }

    /// An object of non-empty strings (header fields, say), in the file's order, values expanded;
    /// empty when absent.
    /// - Throws: ``ConfigurationError`` for another kind of value or a member that is not a string.
    public func stringMap() throws(ConfigurationError) -> [(key: String, value: String)] {
        guard let json else { return [] }
        guard case .object(let members) = json else { throw error(accepted: "an object of strings, such as {\"X-Client\": \"app\"}") }
        var result: [(key: String, value: String)] = []
        for entry in members where entry.key != "//" {
            let member = self.member(entry.key, entry.value)
            guard case .string(let text) = entry.value else { throw member.error(accepted: "a string") }
            result.append((entry.key, try member.expanded(text)))
        }
        return result
    }

    /// An `http`, `https`, `ws` or `wss` URL (those of `schemes`); `nil` when absent, and when
    /// read with no environment from a string with `${VARIABLE}` references (as `baton generate`
    /// reads the file): such a URL is known, and checked, only once its references are expanded.
    /// - Throws: ``ConfigurationError`` for anything else.
    public func url(schemes: [String] = ["http", "https", "ws", "wss"]) throws(ConfigurationError) -> URL? {
        guard let text = try string() else { return nil }
        if environment == nil, text.contains("${") { return nil }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme), url.host() != nil else {
            throw error(accepted: "an absolute URL whose scheme is " + Self.quoted(schemes, joinedBy: " or "))
        }
        return url
    }

    /// `text` with each `${NAME}` replaced by the environment's value.
    private func expanded(_ text: String) throws(ConfigurationError) -> String {
        guard text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            guard let end = rest[start.upperBound...].firstIndex(of: "}") else {
                throw error(accepted: "a string whose ${ starts a reference ${NAME} to an environment variable, closed by }")
            }
            let name = String(rest[start.upperBound..<end])
            guard let first = name.first, !first.isNumber,
                name.allSatisfy({ $0 == "_" || $0.isASCII && ($0.isLetter || $0.isNumber) })
            else {
                throw error(accepted: "a reference ${NAME} whose NAME is letters, digits and _, not starting with a digit")
            }
            if let environment {
                guard let value = environment[name] else {
                    throw error(accepted: "a reference to a set environment variable; ${\(name)} is not set")
                }
                result += value
            } else {
                result += "${\(name)}"
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// A value as compact JSON, shortened when long.
    static func compact(_ value: JSONValue) -> String {
        let text = value.serialized()
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }

    /// `"a", "b" or "c"`.
    static func quoted(_ words: [String], joinedBy separator: String) -> String {
        words.map { "\"\($0)\"" }.joined(separator: separator)
    }
}

/// An object of `baton.json` whose keys were checked: its members, read by key.
public struct ConfigurationObject: Sendable {
    /// The object itself.
    public let value: ConfigurationValue
    let members: [String: JSONValue]

    /// The member at `key`; absent when the object lacks it.
    public subscript(key: String) -> ConfigurationValue {
        value.member(key, members[key])
    }
}

extension ConfigurationValue {
    /// A list of values; empty when absent.
    /// - Throws: ``ConfigurationError`` for another kind of value.
    public func list() throws(ConfigurationError) -> [ConfigurationValue] {
        guard let json else { return [] }
        guard case .list(let elements) = json else { throw error(accepted: "a list") }
        return elements.enumerated().map { element($0.offset, $0.element) }
    }
}
