/// A `baton.json` that cannot be used: names the key path, the value found, what would be
/// accepted, and, for a near miss, what was probably meant.
///
/// The value is the file's own text for it: a `${VARIABLE}` stays as written, so what the
/// environment holds (a token, a password) never appears in an error.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The key's path in the file (`transport.options.timeout`, `events[1]`), or empty for the
    /// file as a whole.
    public var key: String
    /// The value found, as compact JSON, or empty when the key is missing.
    public var value: String
    /// What would be accepted there, in words.
    public var accepted: String
    /// Accepted values or keys near the one found, nearest first.
    public var suggestions: [String]

    /// An error about `key` of `file`, whose `value` is not one of what is `accepted`.
    /// - Parameters:
    ///   - file: the file, as given.
    ///   - key: the key's path, or empty for the file as a whole.
    ///   - value: the value found as compact JSON, or empty when the key is missing.
    ///   - accepted: what would be accepted, in words.
    ///   - suggestions: accepted values or keys near the one found.
    public init(file: String, key: String, value: String, accepted: String, suggestions: [String] = []) {
        self.file = file
        self.key = key
        self.value = value
        self.accepted = accepted
        self.suggestions = suggestions
    }

    /// `baton.json: error: "transport.name" is "crul"; accepted: … Did you mean "curl"?`.
    public var description: String {
        let subject: String
        switch (key.isEmpty, value.isEmpty) {
        case (true, _): subject = "the file is \(value)"
        case (false, true): subject = "\"\(key)\" is missing"
        case (false, false): subject = "\"\(key)\" is \(value)"
        }
        return "\(file): error: \(subject); accepted: \(accepted)" + Suggestions.didYouMean(suggestions)
    }
}
