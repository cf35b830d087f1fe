/// One HTTP header field. Names compare case-insensitively wherever Baton looks them up.
public struct HeaderField: Sendable, Hashable {
    /// The field name, as sent.
    public var name: String
    /// The field value.
    public var value: String

    /// The header field `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension Array where Element == HeaderField {
    /// The value of the first field named `name`, compared case-insensitively.
    public subscript(field name: String) -> String? {
        let lowered = name.lowercased()
        return first { $0.name.lowercased() == lowered }?.value
    }
}
