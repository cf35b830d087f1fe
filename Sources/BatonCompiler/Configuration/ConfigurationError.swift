/// A `baton.json` the compiler cannot use: names the key, the value found, and what would be
/// accepted.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as given.
    public var file: String
    /// The key's path in the file (`customScalars.DateTime`), or empty for the file as a whole.
    public var key: String
    /// The value found, as compact JSON, or empty when the key is missing.
    public var value: String
    /// What would be accepted there, in words.
    public var accepted: String

    /// An error about `key` of `file`, whose `value` is not one of what is `accepted`.
    public init(file: String, key: String, value: String, accepted: String) {
        self.file = file
        self.key = key
        self.value = value
        self.accepted = accepted
    }

    /// `baton.json: error: "accessLevel" is "private"; accepted: "public" or "internal"`.
    public var description: String {
        let subject: String
        switch (key.isEmpty, value.isEmpty) {
        case (true, _): subject = "the file is \(value)"
        case (false, true): subject = "\"\(key)\" is missing"
        case (false, false): subject = "\"\(key)\" is \(value)"
        }
        return "\(file): error: \(subject); accepted: \(accepted)"
    }
}
